import { useEffect, useRef } from 'react';
import { type FeedScope, useFeed } from '../../api/feeds';
import { useMe } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import styles from './Feeds.module.css';
import { PostCard } from './PostCard';

/** The infinite posts list (docs/product/feeds-and-comments.md#feed-paging): reaching its end loads the older page; empty and error texts. */
export function PostList({ scope }: { scope: FeedScope }) {
  const { t } = useTranslation();
  const me = useMe();
  const feed = useFeed(scope);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && !isFetchNextPageError) {
        void fetchNextPage();
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (feed.isError && !feed.data) return <p className={styles.empty}>{t(T.unableToGetFeeds)}</p>;
  if (!feed.data || !me) return <p className={styles.empty}>{t(T.loading)}</p>;
  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) return <p className={styles.empty}>{t(T.feedEmpty)}</p>;
  return (
    <div className={styles.list}>
      {posts.map((item) => (
        <PostCard key={item.id} item={item} scope={scope} userId={me.user_id} />
      ))}
      {isFetchNextPageError && (
        <p className={styles.empty} role="alert">
          {t(T.nextPageError)}
        </p>
      )}
      {hasNextPage && (
        <div ref={sentinel} className={styles.more}>
          <Button variant="ghost" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t(T.olderPosts)}
          </Button>
        </div>
      )}
    </div>
  );
}
