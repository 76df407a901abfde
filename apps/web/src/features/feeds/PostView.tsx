import { useId, useMemo, useState } from 'react';
import { useCommunityPost } from '../../api/feeds';
import { useMe } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { CommentsPlacementContext, toggledComments } from './commentsPlacement';
import styles from './Feeds.module.css';
import { PostCard } from './PostCard';

/** A community post on its own, from its address: the post with its comments open under it. */
export function PostView({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const { post, scope, isError } = useCommunityPost(postId);
  const [open, setOpen] = useState<readonly number[]>([postId]);
  const panelId = useId();
  const placement = useMemo(
    () => ({
      open,
      beside: false,
      panelId,
      toggle: (id: number) => setOpen((ids) => toggledComments(ids, id, false)),
    }),
    [open, panelId],
  );
  if (isError) return <p className={styles.empty}>{t(T.notFound)}</p>;
  if (!post || !scope || !me) return <p className={styles.empty}>{t(T.loading)}</p>;
  return (
    <CommentsPlacementContext.Provider value={placement}>
      <PostCard item={post} scope={scope} userId={me.user_id} />
    </CommentsPlacementContext.Provider>
  );
}
