import { DELETED_MEMBER_NAME, type PmPreview } from '@orbit/contract';
import { useRef, useState } from 'react';
import { usePreviews } from '../../api/messages';
import { useMe } from '../../api/profiles';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { IconButton } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons';
import listStyles from '../../ui/List.module.css';
import { Menu, MenuItem } from '../../ui/Menu';
import { SearchBox } from '../../ui/SearchBox';
import { TimeAgo } from '../../ui/TimeAgo';
import styles from './Messages.module.css';
import { matchesSearch } from './rules';

/**
 * The private messages list (docs/product/messages.md#previews): a search field filtering by name, the new-message menu, and the
 * previews latest first with their unread counts.
 */
export function MessagesView() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const previews = usePreviews().data?.previews;
  const shown = (previews ?? []).filter((preview) => matchesSearch(preview, search));

  // A thread that failed to load has left the list: the first preview is selected instead (docs/product/messages.md#previews).
  const selectFirst = () => requestAnimationFrame(() => list.current?.querySelector('button')?.focus());

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <SearchBox live className={styles.search} label={t(T.messagesSearch)} onSearch={setSearch} />
        <NewMessageMenu />
      </div>
      {previews &&
        (shown.length === 0 ? (
          <p className={listStyles.empty}>{t(T.messagesEmpty)}</p>
        ) : (
          <ul ref={list} className={listStyles.rows} aria-label={t(T.messagesConversations)}>
            {shown.map((preview) => (
              <PreviewRow key={preview.group_id} preview={preview} onGone={selectFirst} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function PreviewRow({ preview, onGone }: { preview: PmPreview; onGone: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  // The member's own last message reads "You", as in the thread; the server's name for an author who erased
  // their account is worded here (decision 0048).
  const isMe = me !== null && preview.screen_name === me.username;
  const author =
    preview.name === DELETED_MEMBER_NAME
      ? t(T.deletedMember)
      : preview.name && personName(t, { name: preview.name, isMe });
  // The server names an attachment-only last message IMAGE; the words come from the dictionary (docs/product/messages.md#previews).
  const last = preview.attachments.length > 0 ? t(T.messagesImagePreview) : preview.text;
  const text = author && preview.is_group ? t(T.messagesLastBy, positional(author, last)) : last;
  return (
    <li>
      <button
        type="button"
        className={styles.preview}
        onClick={() => open('thread', { groupId: preview.group_id, title: preview.group_name, onGone })}
      >
        <Avatar
          src={preview.group_image_url ?? preview.image_url}
          name={preview.group_name}
          size={48}
          decorative
        />
        <span className={styles.previewText}>
          <span className={styles.previewName}>{preview.group_name}</span>
          <span className={preview.unread_count > 0 ? styles.previewUnread : styles.previewLast}>{text}</span>
        </span>
        <span className={styles.previewSide}>
          <TimeAgo iso={preview.ts} className={styles.previewTime} />
          {preview.unread_count > 0 && (
            <span className={styles.count}>
              <span aria-hidden="true">{preview.unread_count}</span>
              <span className="visually-hidden">
                {t(T.messagesUnreadCount, positional(preview.unread_count))}
              </span>
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/** The new-message menu: Private message (a friend's thread) or Group message (a new group). */
function NewMessageMenu() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Menu
      open={menuOpen}
      onOpenChange={setMenuOpen}
      trigger={
        <IconButton label={t(T.messagesNew)}>
          <PlusIcon />
        </IconButton>
      }
    >
      <MenuItem onSelect={() => open('friend-picker')}>{t(T.messagesPrivateMessage)}</MenuItem>
      <MenuItem onSelect={() => open('new-group')}>{t(T.messagesGroupMessage)}</MenuItem>
    </Menu>
  );
}
