import type { PrivateMessage } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  chronological,
  dropPreview,
  messageKeys,
  useMarkRead,
  usePreview,
  useThread,
} from '../../api/messages';
import { useProfiles } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { dialogBack } from '../../ui/dialogStore';
import { ThreadCallButton } from '../calls';
import { BlockButton } from '../social';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import styles from './Messages.module.css';

/**
 * The conversation view (docs/product/messages.md#conversation): the participants, the messages with their date separators and the
 * "Unread messages" divider, and the composer unless the thread is one-to-one with a non-friend.
 * Showing it marks the thread read; the divider stays where it was for this visit and is gone the next.
 */
export function ConversationView({ groupId, onGone }: { groupId: number; onGone?: () => void }) {
  const queryClient = useQueryClient();
  const preview = usePreview(groupId);
  const thread = useThread(groupId);
  const myId = useProfiles().data?.user_profile.user_id ?? null;
  const [editing, setEditing] = useState<PrivateMessage | null>(null);
  const lastReadId = useLastReadAtOpening(thread.data?.pages[0]?.last_read_pm_id);
  const messages = chronological(thread.data);
  useReadWhileShown(groupId, messages.at(-1)?.pm_id ?? null);

  // Every visit starts from the server's read mark, so the previous visit's divider does not come back.
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: messageKeys.thread(groupId) }),
    [groupId, queryClient],
  );

  const failed = preview.isError || thread.isError;
  useEffect(() => {
    if (!failed) return;
    dropPreview(queryClient, groupId);
    void dialogBack().then(() => onGone?.());
  }, [failed, groupId, queryClient, onGone]);

  if (!preview.data || !thread.data || myId === null) return null;
  const { is_group, names, can_send, user_ids, group_name } = preview.data;
  const other = is_group ? undefined : user_ids.find((id) => id !== myId);
  return (
    <div className={styles.conversation}>
      <div className={styles.conversationHeader}>
        {is_group ? <ParticipantsLine names={names} /> : <span />}
        <span className={styles.conversationActions}>
          {can_send && (
            <ThreadCallButton
              groupId={groupId}
              userIds={user_ids.filter((id) => id !== myId)}
              title={group_name}
            />
          )}
          {other !== undefined && <BlockButton userId={other} name={names[0] ?? ''} />}
        </span>
      </div>
      <MessageList
        messages={messages}
        myId={myId}
        lastReadId={lastReadId}
        thread={thread}
        onEdit={setEditing}
        groupId={groupId}
        isGroup={is_group}
      />
      {can_send && <Composer groupId={groupId} editing={editing} onStopEditing={() => setEditing(null)} />}
    </div>
  );
}

function ParticipantsLine({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <p className={styles.participantsLine}>
      <span className="visually-hidden">{t(T.messagesParticipants)}: </span>
      {names.join(', ')}
    </p>
  );
}

/** The read mark as the first page answered it: where this visit's divider goes. */
function useLastReadAtOpening(answered: number | undefined): number | null {
  const [lastRead, setLastRead] = useState<number | null>(null);
  useEffect(() => {
    if (answered !== undefined && lastRead === null) setLastRead(answered);
  }, [answered, lastRead]);
  return lastRead;
}

/** Opening marks the thread read (docs/product/messages.md#unread), and so does each message arriving while it is shown. */
function useReadWhileShown(groupId: number, newestId: number | null): void {
  const markRead = useMarkRead();
  const mark = useRef(markRead.mutate);
  mark.current = markRead.mutate;
  useEffect(() => {
    if (newestId !== null) mark.current(groupId);
  }, [groupId, newestId]);
}
