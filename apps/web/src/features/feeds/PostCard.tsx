import { type FeedPost, IdentityType, PostType } from '@orbit/contract';
import { useState } from 'react';
import {
  type FeedScope,
  postHighlightKey,
  useDeletePost,
  useHighFive,
  useHighlights,
  useRate,
} from '../../api/feeds';
import { postText } from '../../api/poll';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { confirmYesNo } from '../../ui/confirm';
import { excerpt } from '../../ui/format';
import { ItemMenu } from '../../ui/ItemMenu';
import { showError } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';
import { useLongPress } from '../../ui/useLongPress';
import { ActivityDetails } from './ActivityDetails';
import { Attachments } from './Attachments';
import { Author } from './Author';
import { CommentsPanel } from './CommentsPanel';
import { commentsShown, useCommentsPlacement } from './commentsPlacement';
import { EditBox } from './EditBox';
import styles from './Feeds.module.css';
import { PollItem } from './PollItem';
import { postAddress } from './postAddress';
import { URGENCY_CLASSES } from './urgencyClasses';

/** Puts a community post's address on the clipboard, to share it (docs/decisions/0042). */
function copyAddress(communityId: number, postId: number): void {
  const copied = navigator.clipboard?.writeText(postAddress(communityId, postId)) ?? Promise.reject();
  copied.then(
    () => confirmDone(T.feedLinkCopied),
    () => showError(T.feedLinkNotCopied, T.pleaseTryAgain),
  );
}

/** Own items are styled as own; an own poll only when it was not posted anonymously (docs/product/feeds-and-comments.md#urgency). */
export function looksOwn(item: FeedPost): boolean {
  if (!item.is_own) return false;
  return !(item.type === PostType.POLL && item.identity_type === IdentityType.ANONYMOUS);
}

/** One post (docs/product/feeds-and-comments.md#activity-posts): author, date, text, activity or poll, attachments, reactions and comments. */
export function PostCard({ item, scope, userId }: { item: FeedPost; scope: FeedScope; userId: number }) {
  const { t, tCount } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const placement = useCommentsPlacement();
  const expanded = commentsShown(placement, item.id);
  const highlighted = useHighlights((s) => Boolean(s.ids[postHighlightKey(item.id)]));
  const deletePost = useDeletePost(scope);
  const longPress = useLongPress(() => setMenuOpen(true));
  const classes = [
    styles.card,
    looksOwn(item) ? styles.own : '',
    highlighted ? styles.highlight : '',
    placement.beside && expanded ? styles.cardOpen : '',
  ];

  return (
    <article className={classes.join(' ')} aria-label={item.author_screen_name} {...longPress}>
      <header className={styles.cardHead}>
        <Author item={item} />
        <ItemMenu
          open={menuOpen}
          onOpenChange={setMenuOpen}
          label={t(T.postOptions)}
          onEdit={item.may_edit && item.type !== PostType.POLL ? () => setEditing(true) : undefined}
          onDelete={
            item.may_delete
              ? () =>
                  confirmYesNo(
                    t(T.feedDeleteQuestion),
                    () => deletePost.mutate(item.id),
                    excerpt(item.message),
                  )
              : undefined
          }
          onCopyLink={item.community_id === null ? undefined : () => copyAddress(item.community_id!, item.id)}
          onReport={item.is_own ? undefined : () => open('report', { type: 'post', id: item.id })}
        />
      </header>
      {item.target_user_screen_name && (
        <p className={styles.muted}>{t(T.privateTo, positional(item.target_user_screen_name))}</p>
      )}
      {editing ? (
        <EditBox scope={scope} item={item} onDone={() => setEditing(false)} />
      ) : (
        postText(item) && <p className={styles.message}>{postText(item)}</p>
      )}
      {item.activity && <ActivityDetails activity={item.activity} />}
      {item.poll_data && <PollItem item={item} poll={item.poll_data} scope={scope} userId={userId} />}
      <Attachments items={item.attachments} />
      <footer className={styles.cardFoot}>
        <button
          type="button"
          className={`${styles.commentBadge} ${URGENCY_CLASSES[item.urgency_comments] ?? ''}`}
          aria-expanded={expanded}
          aria-controls={placement.beside ? placement.panelId : undefined}
          onClick={() => placement.toggle(item.id)}
        >
          {tCount(T.commentsCount, item.num_comments)}
        </button>
        <HighFive item={item} scope={scope} />
        <Rating item={item} scope={scope} />
      </footer>
      {expanded && !placement.beside && <CommentsPanel scope={scope} post={item} />}
    </article>
  );
}

function HighFive({ item, scope }: { item: FeedPost; scope: FeedScope }) {
  const { t } = useTranslation();
  const highFive = useHighFive(scope);
  return (
    <button
      type="button"
      className={`${styles.reaction} ${item.high_fived ? styles.reactionOn : ''}`}
      aria-pressed={item.high_fived}
      onClick={() => {
        if (highFive.isPending) return;
        highFive.mutate(item, {
          onError: () => showError(T.unableToHighFive, T.pleaseTryAgainCap),
        });
      }}
    >
      {item.high_fives === undefined ? t(T.highFiveUncounted) : t(T.highFive, positional(item.high_fives))}
    </button>
  );
}

function Rating({ item, scope }: { item: FeedPost; scope: FeedScope }) {
  const { t } = useTranslation();
  const rate = useRate(scope);
  return (
    <fieldset className={styles.rating}>
      <legend className="visually-hidden">{t(T.rateLegend)}</legend>
      {[1, 2, 3, 4, 5].map((value) => (
        <button
          key={value}
          type="button"
          className={`${styles.star} ${(item.rated ?? 0) >= value ? styles.starOn : ''}`}
          aria-label={t(T.rateValue, positional(value))}
          aria-pressed={item.rated === value}
          onClick={() => rate.mutate({ postId: item.id, rating: value })}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
      {item.rating != null && <span className={styles.muted}>{item.rating.toFixed(1)}</span>}
    </fieldset>
  );
}
