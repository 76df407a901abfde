import { APP_NAMES, type AppId, type Moment, MomentType } from '@orbit/contract';
import type { momentRecipients, moments } from '../../db/schema';
import type { MemberFace } from '../faces';

export type MomentRow = typeof moments.$inferSelect;
export type RecipientRow = typeof momentRecipients.$inferSelect;

export interface Connection {
  id: number;
  display_name: string;
}

/** What the caller's view adds to a moment: their own status when received, the recipients when sent. */
export interface MomentView {
  recipient?: RecipientRow | null;
  friends?: Connection[];
  communities?: Connection[];
}

const textIn = (info: Record<string, unknown> | null, key: string) =>
  typeof info?.[key] === 'string' ? (info[key] as string) : null;

export function presentProducer(face: MemberFace) {
  return {
    user_id: face.user_id,
    persona_image: face.persona_image,
    image_url: face.image_url,
    display_name: face.name,
  };
}

function presentApp(bgAppId: number | null) {
  if (bgAppId === null) return null;
  const name = APP_NAMES[bgAppId as AppId];
  // The icon is a key the client maps to its own artwork, named after the application.
  return name ? { icon: name.toLowerCase(), name } : null;
}

/** The moment entity of docs/product/moments.md#moment-fields, the same for incoming and outgoing lists and the create answer. */
export function presentMoment(row: MomentRow, producer: MemberFace, view: MomentView = {}): Moment {
  return {
    moment_id: row.id,
    id: row.id,
    type: row.type,
    bg_app_id: row.bgAppId,
    criteria: row.criteria,
    session_info: row.sessionInfo,
    challenge_id: row.type === MomentType.DARE ? row.id : null,
    is_training: row.sessionInfo?.is_training === true,
    activity_type: row.activityType,
    session_type: row.sessionType,
    original_moment_id: row.originalMomentId,
    message: row.message,
    participants: row.participants,
    producer: presentProducer(producer),
    created_date: row.createdAt.toISOString(),
    completed_date: view.recipient?.completedAt?.toISOString() ?? null,
    app: presentApp(row.bgAppId),
    tournament_name: textIn(row.sessionInfo, 'tournament_name'),
    friends: view.friends ?? [],
    communities: view.communities ?? [],
    status: view.recipient?.status ?? null,
  };
}
