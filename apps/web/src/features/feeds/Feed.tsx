import { useId, useMemo, useState } from 'react';
import type { FeedScope } from '../../api/feeds';
import { isDesktop } from '../../ui/dialogStore';
import { useViewport } from '../../ui/useViewport';
import { CommentsAside } from './CommentsAside';
import { CommentsPlacementContext, toggledComments } from './commentsPlacement';
import styles from './Feeds.module.css';
import { PostList } from './PostList';
import { Writer } from './Writer';

/**
 * A community's or a member's feed with its writer (docs/product/feeds-and-comments.md#who-reads), kept live by the feed events. With `sidePanel`,
 * a desktop window shows the open post's comments in a panel beside the feed (docs/product/feeds-and-comments.md#comments); a phone keeps them
 * under the post.
 */
export function Feed({ scope, sidePanel = false }: { scope: FeedScope; sidePanel?: boolean }) {
  const { width } = useViewport();
  const beside = sidePanel && isDesktop(width);
  const [open, setOpen] = useState<readonly number[]>([]);
  const panelId = useId();
  const placement = useMemo(
    () => ({
      open,
      beside,
      panelId,
      toggle: (postId: number) => setOpen((ids) => toggledComments(ids, postId, beside)),
    }),
    [open, beside, panelId],
  );
  const shownBeside = open.at(-1) ?? null;
  // One tree at every width, so that posts and their comments stay mounted when the window is resized.
  return (
    <CommentsPlacementContext.Provider value={placement}>
      <div className={beside ? styles.besideLayout : undefined}>
        <div className={styles.feed}>
          <Writer scope={scope} />
          <PostList scope={scope} />
        </div>
        {beside && (
          <CommentsAside
            scope={scope}
            postId={shownBeside}
            id={panelId}
            onClose={() => shownBeside !== null && placement.toggle(shownBeside)}
          />
        )}
      </div>
    </CommentsPlacementContext.Provider>
  );
}
