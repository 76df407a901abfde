import {
  type ChatSession,
  IdentityType,
  type SessionFloor,
  type SessionPost,
  type SessionViewer,
} from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { runQueries } from '../../db/queries';
import type { lessonPosts } from '../../db/schema';
import type { MemberFace } from '../faces';
import { communityFaces, grantedOf, type LessonRow, queueOf, type ViewerRow } from './queries';

export type PostRow = typeof lessonPosts.$inferSelect;

/**
 * One lesson as docs/product/calls-and-lessons.md#lesson-states Chat session gives it (name, host, start time, state: 3 live, any other saved), for
 * the list, the room and SESSION_ACTIVITY alike: the same object everywhere.
 */
export function presentLesson(row: LessonRow, host: MemberFace | undefined): ChatSession {
  return {
    id: row.id,
    community_id: row.communityId,
    name: row.name,
    description: row.description,
    instructor_id: row.instructorId,
    instructor_screen_name: host?.name ?? '',
    instructor_image: { value: host?.image_url ?? null },
    start_time: row.startTime.toISOString(),
    state: row.state,
    video_session_id: row.videoRoomId,
    janus_room_id: row.audioRoomId,
    janus_server_name: row.janusGateway,
  };
}

export async function presentLessons(db: Queryable, communityId: number, rows: LessonRow[]) {
  const faces = await communityFaces(
    db,
    communityId,
    rows.map((r) => r.instructorId),
  );
  return rows.map((row) => presentLesson(row, faces.get(row.instructorId)));
}

export async function presentOne(db: Queryable, row: LessonRow): Promise<ChatSession> {
  const [lesson] = await presentLessons(db, row.communityId, [row]);
  return lesson;
}

/** The audio bridge's room flags as the spec names them: requests_enable with pending, active, moderators. */
export async function presentFloor(db: Queryable, row: LessonRow): Promise<SessionFloor> {
  const [pending, active] = await runQueries(db, [() => queueOf(db, row.id), () => grantedOf(db, row.id)]);
  return { requests_enable: row.requestsEnabled, pending, active, moderators: [row.instructorId] };
}

export function presentViewer(
  row: Pick<ViewerRow, 'userId' | 'mic'>,
  face: MemberFace | undefined,
  inRoom: { muted: boolean } | undefined,
): SessionViewer {
  return {
    user_id: row.userId,
    name: face?.name ?? '',
    screen_name: face?.screen_name ?? '',
    image_url: face?.image_url ?? null,
    mic: row.mic,
    present: inRoom !== undefined,
    muted: inRoom?.muted ?? true,
  };
}

/** A lesson post: an anonymous one shows the author's alias identity, never who wrote it. */
export function presentPost(
  post: PostRow,
  author: MemberFace | undefined,
  alias: { name: string; image: string | null },
  viewer: { userId: number; hostId: number },
): SessionPost {
  const anonymous = post.identityType === IdentityType.ANONYMOUS;
  return {
    id: post.id,
    session_id: post.lessonId,
    author_screen_name: anonymous ? alias.name : (author?.name ?? ''),
    author_image: anonymous ? alias.image : (author?.image_url ?? null),
    identity_type: post.identityType,
    message: post.message,
    is_expert: !anonymous && post.authorId === viewer.hostId,
    me: post.authorId === viewer.userId,
    created: post.createdAt.toISOString(),
  };
}
