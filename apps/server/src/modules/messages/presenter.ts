import {
  attachmentUrl,
  DELETED_MEMBER_NAME,
  PM_IMAGE_TEXT,
  type PmAttachment,
  type PmPreview,
  PmState,
  type PrivateMessage,
} from '@orbit/contract';
import type { messageGroups, messages } from '../../db/schema';
import type { AttachmentRow } from '../attachments';
import type { MemberFace } from '../faces';

export type MessageRow = typeof messages.$inferSelect;
export type GroupRow = typeof messageGroups.$inferSelect;

/** Where a group's picture is served to its participants; the image id makes a new picture a new URL. */
export function groupImageUrl(groupId: number, imageId: number | null): string | null {
  return imageId === null ? null : `/api/pms/group/${groupId}/image?v=${imageId}`;
}

/** How a reader sees a message: their own and those up to their last read one are read. */
export function stateFor(
  message: { id: number; authorId: number | null },
  readerId: number,
  lastReadId: number,
) {
  return message.authorId === readerId || message.id <= lastReadId ? PmState.READ : PmState.UNREAD;
}

/**
 * A message with its author's name, picture and read state (docs/product/messages.md#previews), in GET /pms/list and PM events. A null
 * author erased their account: the message is a "deleted member"'s, without a picture (decision 0048).
 */
export function presentMessage(row: MessageRow, author: MemberFace | null, state: PmState): PrivateMessage {
  return {
    pm_id: row.id,
    group_id: row.groupId,
    user_id: author ? row.authorId : null,
    name: author?.name ?? DELETED_MEMBER_NAME,
    screen_name: author?.screen_name ?? DELETED_MEMBER_NAME,
    ts: row.createdAt.toISOString(),
    message: row.message,
    state,
    image_url: author?.image_url ?? null,
    attachments: row.attachments ?? [],
    edited: row.editedAt !== null,
  };
}

/**
 * A message's attachment {type, fileName, url, size} (docs/product/messages.md#previews), served by GET /attachments/{id} to the
 * thread's participants only.
 */
export function presentPmAttachment(row: AttachmentRow): PmAttachment {
  return { type: row.type, fileName: row.fileName, url: attachmentUrl(row.id), size: row.size };
}

/** A group's own name, or else the other participants' names as the reader sees them. */
export function threadTitle(name: string | null, others: MemberFace[]): string {
  return name?.trim() || others.map((face) => face.name).join(', ');
}

/** What a preview shows of the last message (docs/product/messages.md#previews): IMAGE when it carries attachments. */
export function previewText(message: string, attachments: PmAttachment[]): string {
  return attachments.length > 0 ? PM_IMAGE_TEXT : message;
}

export interface PreviewParts {
  group: Pick<GroupRow, 'id' | 'isGroup' | 'name' | 'imageId' | 'createdAt'>;
  participantIds: number[];
  others: MemberFace[];
  /** The last message; its author null when they erased their account. */
  last: { message: string; attachments: PmAttachment[]; createdAt: Date; author: MemberFace | null } | null;
  previousAuthor: MemberFace | null;
  unread: number;
  canSend: boolean;
}

/**
 * A thread's preview (docs/product/messages.md#previews): its name and picture, the last message's text (IMAGE for attachments, docs/product/messages.md#previews),
 * time and author, and the unread count.
 */
export function presentPreview(p: PreviewParts): PmPreview {
  const text = p.last ? previewText(p.last.message, p.last.attachments) : '';
  const picture = p.group.isGroup ? (p.last?.author?.image_url ?? null) : (p.others[0]?.image_url ?? null);
  return {
    group_id: p.group.id,
    group_name: threadTitle(p.group.name, p.others),
    is_group: p.group.isGroup,
    name: p.last ? (p.last.author?.name ?? DELETED_MEMBER_NAME) : null,
    screen_name: p.last ? (p.last.author?.screen_name ?? DELETED_MEMBER_NAME) : null,
    prev_screen_name: p.previousAuthor?.screen_name ?? null,
    names: p.others.map((face) => face.name),
    screen_names: p.others.map((face) => face.screen_name),
    ts: (p.last?.createdAt ?? p.group.createdAt).toISOString(),
    text,
    message: text,
    state: p.unread > 0 ? PmState.UNREAD : PmState.READ,
    image_url: picture,
    group_image_url: groupImageUrl(p.group.id, p.group.imageId),
    user_ids: p.participantIds,
    users_ids: p.participantIds,
    unread_count: p.unread,
    attachments: p.last?.attachments ?? [],
    can_send: p.canSend,
  };
}
