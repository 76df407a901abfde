import { type PrivateMessage, UI_TIMINGS } from '@orbit/contract';
import { useState } from 'react';
import { useDeleteMessage } from '../../api/messages';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { confirmYesNo } from '../../ui/confirm';
import { ItemMenu } from '../../ui/ItemMenu';
import { useLongPress } from '../../ui/useLongPress';
import { Attachments, LinkPreviewCard } from '../feeds';
import styles from './Messages.module.css';

interface MessageItemProps {
  message: PrivateMessage;
  mine: boolean;
  groupId: number;
  onEdit: (message: PrivateMessage) => void;
  /** Blocks the author, after the confirmation that names them: others' messages in a group thread. */
  onBlock?: () => void;
}

/**
 * One message: "You" for the member's own, the author's name and picture otherwise, a preview of a leading
 * link. Own messages have the edit and delete menu: a button on desktop, a 500 ms long press on touch;
 * others' the report action, and in a group thread the block of their author.
 */
export function MessageItem({ message, mine, groupId, onEdit, onBlock }: MessageItemProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const longPress = useLongPress(() => setMenuOpen(true), UI_TIMINGS.composerLongPressMs);
  const remove = useDeleteMessage();
  const askDelete = () =>
    confirmYesNo(t(T.messagesDeleteQuestion), () =>
      remove.mutate(
        { groupId, pmId: message.pm_id },
        { onError: (error) => console.warn('[orbit] message not deleted', error) },
      ),
    );
  const time = new Date(message.ts).toLocaleTimeString(undefined, { timeStyle: 'short' });
  // A null author erased their account: their message stays, as a deleted member's, without text.
  const author =
    message.user_id === null ? t(T.deletedMember) : personName(t, { name: message.name, isMe: mine });
  return (
    <li className={mine ? styles.mine : styles.theirs} {...longPress}>
      {!mine && <Avatar src={message.image_url} name={author} size={32} decorative />}
      <div className={styles.bubble}>
        <span className={styles.author}>{author}</span>
        {message.message && <p className={styles.text}>{message.message}</p>}
        <Attachments items={message.attachments} />
        <LinkPreviewCard message={message.message} />
        <span className={styles.meta}>
          <time dateTime={message.ts}>{time}</time>
          {message.edited && <span> · {t(T.messagesEdited)}</span>}
        </span>
      </div>
      {mine ? (
        <ItemMenu
          open={menuOpen}
          onOpenChange={setMenuOpen}
          onEdit={() => onEdit(message)}
          onDelete={askDelete}
          label={t(T.messagesOptions)}
        />
      ) : (
        <ItemMenu
          open={menuOpen}
          onOpenChange={setMenuOpen}
          onReport={() => open('report', { type: 'message', id: message.pm_id })}
          onBlock={onBlock}
          label={t(T.messagesOptions)}
        />
      )}
    </li>
  );
}
