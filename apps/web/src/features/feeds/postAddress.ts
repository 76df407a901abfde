import { routePath } from '../../ui/navigation/routes';

export const postRoute = (postId: number) => ({ kind: 'post', ids: [postId] });

/**
 * The address a community post can be shared by: its community, then the post (docs/decisions/0042). Apart from
 * open.tsx, which lazily imports the post's view, so the view's card reads it without an import circle.
 */
export const postAddress = (communityId: number, postId: number) =>
  new URL(routePath([{ kind: 'community', ids: [communityId] }, postRoute(postId)]), window.location.origin)
    .href;
