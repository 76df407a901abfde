import { type FeedScope, useFeed } from '../../api/feeds';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { IconButton } from '../../ui/Button';
import { excerpt } from '../../ui/format';
import { CloseIcon } from '../../ui/icons';
import { Author } from './Author';
import { CommentsPanel } from './CommentsPanel';
import styles from './Feeds.module.css';

/**
 * The comments side panel beside a desktop feed (docs/product/feeds-and-comments.md#comments): the open post's author and first words, then its
 * comments and their input. A post deleted meanwhile (a DELETE event) leaves the panel empty.
 */
export function CommentsAside(props: {
  scope: FeedScope;
  postId: number | null;
  id: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const feed = useFeed(props.scope);
  const post = feed.data?.pages.flatMap((page) => page.posts).find((item) => item.id === props.postId);
  return (
    <aside id={props.id} className={styles.aside} aria-label={t(T.commentsTitle)}>
      {post ? (
        <>
          <header className={styles.asideHead}>
            <Author item={post} size={28} />
            <IconButton label={t(T.commentsClose)} onClick={props.onClose}>
              <CloseIcon />
            </IconButton>
          </header>
          {post.message && <p className={styles.muted}>{excerpt(post.message)}</p>}
          <CommentsPanel key={post.id} scope={props.scope} post={post} />
        </>
      ) : (
        <p className={styles.empty}>{t(T.commentsPickPost)}</p>
      )}
    </aside>
  );
}
