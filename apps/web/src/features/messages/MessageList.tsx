import type { PrivateMessage } from '@orbit/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { useThread } from '../../api/messages';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import listStyles from '../../ui/List.module.css';
import { useBlockMember } from '../social';
import { MessageItem } from './MessageItem';
import styles from './Messages.module.css';
import { threadRows } from './rules';

/** Older pages load when the list is scrolled this close to its top. */
const OLDER_AT_PX = 48;
/** Within this distance of the bottom the list follows new messages. */
const FOLLOW_WITHIN_PX = 160;

interface MessageListProps {
  messages: readonly PrivateMessage[];
  myId: number;
  lastReadId: number | null;
  thread: ReturnType<typeof useThread>;
  groupId: number;
  /** A group thread: each other member's message offers Block (a one-to-one thread has it in its header). */
  isGroup: boolean;
  onEdit: (message: PrivateMessage) => void;
}

/**
 * The messages oldest first with date separators and the unread divider. It opens at the divider (or the
 * newest message), keeps its place while older pages load above, and follows new messages at the bottom.
 */
export function MessageList({
  messages,
  myId,
  lastReadId,
  thread,
  groupId,
  isGroup,
  onEdit,
}: MessageListProps) {
  const { t } = useTranslation();
  const block = useBlockMember();
  // An erased author (null) is nobody to block.
  const blockAuthor = ({ user_id: authorId, name }: PrivateMessage) =>
    authorId === null ? undefined : () => block.ask(authorId, name);
  const scroller = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const placed = useRef(false);
  const following = useRef(true);
  const rows = threadRows(messages, { lastReadId, myId, now: Date.now() });
  const newest = messages.at(-1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the position follows the rows, read from the DOM
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (!placed.current) {
      placed.current = lastReadId !== null;
      const divider = box.querySelector<HTMLElement>('[data-unread-divider]');
      box.scrollTop = divider ? divider.offsetTop - 8 : box.scrollHeight;
    } else if (fromBottom.current !== null) {
      box.scrollTop = box.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (following.current || newest?.user_id === myId) {
      box.scrollTop = box.scrollHeight;
    }
  }, [thread.data?.pages.length, newest?.pm_id, lastReadId]);

  // A picture grows its message when it loads; a reader following the newest message stays at the bottom.
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const keepFollowing = () => {
      if (following.current) box.scrollTop = box.scrollHeight;
    };
    // Load does not bubble, but it passes the scroller on its way down (capture).
    box.addEventListener('load', keepFollowing, true);
    return () => box.removeEventListener('load', keepFollowing, true);
  }, []);

  const loadOlder = () => {
    const box = scroller.current;
    if (!box || !thread.hasNextPage || thread.isFetchingNextPage) return;
    fromBottom.current = box.scrollHeight - box.scrollTop;
    void thread.fetchNextPage();
  };

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={(event) => {
        const box = event.currentTarget;
        following.current = box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_WITHIN_PX;
        if (placed.current && box.scrollTop < OLDER_AT_PX) loadOlder();
      }}
    >
      {thread.hasNextPage && (
        <Button
          variant="ghost"
          className={styles.older}
          disabled={thread.isFetchingNextPage}
          onClick={loadOlder}
        >
          {t(T.messagesOlder)}
        </Button>
      )}
      {messages.length === 0 && <p className={listStyles.empty}>{t(T.messagesEmpty)}</p>}
      <ol className={styles.messages} aria-label={t(T.privateMessages)}>
        {rows.map((row) => {
          if (row.kind === 'day') return <DaySeparator key={row.key} ts={row.ts} today={row.today} />;
          if (row.kind === 'unread')
            return (
              <li key={row.key} className={styles.unreadDivider} data-unread-divider>
                <span>{t(T.messagesUnread)}</span>
              </li>
            );
          return (
            <MessageItem
              key={row.key}
              message={row.message}
              mine={row.mine}
              groupId={groupId}
              onEdit={onEdit}
              onBlock={isGroup && !row.mine ? blockAuthor(row.message) : undefined}
            />
          );
        })}
      </ol>
    </div>
  );
}

function DaySeparator({ ts, today }: { ts: string; today: boolean }) {
  const { t } = useTranslation();
  const date = new Date(ts);
  return (
    <li className={styles.day}>
      <time dateTime={ts}>
        {today ? t(T.messagesToday) : date.toLocaleDateString(undefined, { dateStyle: 'medium' })}
      </time>
    </li>
  );
}
