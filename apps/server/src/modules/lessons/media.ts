import { SessionState } from '@orbit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { sendStoredFile } from '../../platform/file-reply';
import { assertLessonMember } from './policy';

const noMedia = () => notFound('This session has no recording yet', 'no_media');

/** The name the download offers: the lesson's own name with .mp4 (docs/product/calls-and-lessons.md#lesson-room), safe for any file system. */
export function downloadName(lessonName: string): string {
  const base = lessonName.replace(/[\\/:*?"<>|]/g, '_').trim() || 'session';
  return `${base}.mp4`;
}

/** GET .../mediafile: the recording, to the community's members only, with byte ranges for seeking. */
export async function sendRecording(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  ids: { userId: number; communityId: number; lessonId: number },
) {
  const { lesson } = await assertLessonMember(deps.db, ids.userId, ids.lessonId, ids.communityId);
  if (lesson.state !== SessionState.REPLAYREADY || !lesson.mediaKey) throw noMedia();
  const bytes = await deps.storage.get(lesson.mediaKey);
  if (!bytes) throw noMedia();
  return sendStoredFile(request, reply, { mime: 'video/mp4', fileName: downloadName(lesson.name) }, bytes);
}
