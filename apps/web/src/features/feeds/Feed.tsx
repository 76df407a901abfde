import type { FeedScope } from '../../api/feeds';
import styles from './Feeds.module.css';
import { PostList } from './PostList';
import { Writer } from './Writer';

/** A community's or a member's feed with its writer (001 §2), kept live by the feed events. */
export function Feed({ scope }: { scope: FeedScope }) {
  return (
    <div className={styles.feed}>
      <Writer scope={scope} />
      <PostList scope={scope} />
    </div>
  );
}
