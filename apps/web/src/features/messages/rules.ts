import type { PmPreview, PrivateMessage } from '@orbit/contract';

/** A message counts as "today" while it is under 24 hours old (docs/product/messages.md#conversation). */
export const TODAY_MS = 24 * 60 * 60 * 1000;

export function isToday(iso: string, now: number): boolean {
  return now - Date.parse(iso) < TODAY_MS;
}

/**
 * Searching previews filters by name, case-insensitively (docs/product/messages.md#conversation): the thread's name, or a participant's
 * name or handle.
 */
export function matchesSearch(
  preview: Pick<PmPreview, 'group_name' | 'names' | 'screen_names'>,
  text: string,
): boolean {
  const wanted = text.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return [preview.group_name, ...preview.names, ...preview.screen_names].some((name) =>
    name.toLocaleLowerCase().includes(wanted),
  );
}

export type ThreadRow =
  | { kind: 'day'; key: string; today: boolean; ts: string }
  | { kind: 'unread'; key: string }
  | { kind: 'message'; key: string; message: PrivateMessage; mine: boolean };

/** The day a separator names: "today" for the last 24 hours, otherwise the local calendar day. */
function dayOf(iso: string, now: number): string {
  return isToday(iso, now) ? 'today' : new Date(iso).toDateString();
}

/**
 * The conversation's rows, oldest first: a date separator where the day changes, and the "Unread messages"
 * divider above the first message from someone else after `lastReadId` (none once everything was read).
 */
export function threadRows(
  messages: readonly PrivateMessage[],
  { lastReadId, myId, now }: { lastReadId: number | null; myId: number; now: number },
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let day: string | null = null;
  let dividerPlaced = lastReadId === null;
  for (const message of messages) {
    const mine = message.user_id === myId;
    const messageDay = dayOf(message.ts, now);
    if (messageDay !== day) {
      day = messageDay;
      rows.push({ kind: 'day', key: `day-${message.pm_id}`, today: day === 'today', ts: message.ts });
    }
    if (!dividerPlaced && !mine && message.pm_id > (lastReadId ?? 0)) {
      dividerPlaced = true;
      rows.push({ kind: 'unread', key: 'unread' });
    }
    rows.push({ kind: 'message', key: `pm-${message.pm_id}`, message, mine });
  }
  return rows;
}

/** Saving a new group needs more than 2 participants including oneself (docs/product/messages.md#message-limits). */
export function canSaveGroup(participantIds: readonly number[], myId: number): boolean {
  return new Set([myId, ...participantIds]).size > 2;
}

/** The composer's modes (docs/product/messages.md#conversation); in uploadErr (a refused file) nothing is sent until the file is removed. */
export type ComposerMode = 'regular' | 'typing' | 'edit' | 'sendImage' | 'uploadErr';

export interface ComposerState {
  text: string;
  editing: boolean;
  /** Files picked for the next message, and whether one of them is refused (over 25 MB). */
  files: number;
  uploadError: boolean;
}

export function composerMode({ text, editing, files, uploadError }: ComposerState): ComposerMode {
  if (editing) return 'edit';
  if (uploadError) return 'uploadErr';
  if (files > 0) return 'sendImage';
  return text.length > 0 ? 'typing' : 'regular';
}

/** Sending is blocked on empty text without an image, and during an upload error (docs/product/messages.md#conversation). */
export const sendable = ({ text, files, uploadError }: Omit<ComposerState, 'editing'>) =>
  !uploadError && (text.trim().length > 0 || files > 0);

/** A new group's title before the server names it: its name, or the other participants' names. */
export function groupTitle(name: string, participantNames: readonly string[]): string {
  return name.trim() || participantNames.join(', ');
}
