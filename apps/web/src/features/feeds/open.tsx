import { T } from '../../i18n/texts';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';
import { postRoute } from './postAddress';

// The screen's code loads when it is first opened, not with the app's first screen.
const PostView = lazyScreen(() => import('./PostView').then((m) => m.PostView));

const postView = (postId: number) => ({
  title: T.feedPostTitle,
  route: postRoute(postId),
  render: () => <PostView postId={postId} />,
});

/** A link or a reload reopens a post on its own (docs/decisions/0042). */
export const FEED_ADDRESSES: readonly Address[] = [
  { kind: 'post', ids: 1, view: ([postId]) => postView(postId) },
];
