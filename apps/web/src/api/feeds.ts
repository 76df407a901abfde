import {
  CommunityRole,
  type EventEnvelope,
  EventSubtype,
  type FeedComment,
  type FeedPost,
  UI_TIMINGS,
  type UserPostBody,
} from '@orbit/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { create } from 'zustand';
import { useChannelInterest } from './channelInterest';
import { call } from './client';
import { communityPageQuery } from './communities';
import { moveVote } from './poll';

/** Whose feed: a community's or a member's (docs/product/feeds-and-comments.md#who-reads). */
export interface FeedScope {
  kind: 'community' | 'user';
  id: number;
}

export interface FeedPage {
  posts: FeedPost[];
  older_key: string | null;
}
type FeedData = InfiniteData<FeedPage, string | null>;

export const feedKeys = {
  root: ['feeds'] as const,
  feed: (scope: FeedScope) => ['feeds', scope.kind, scope.id] as const,
  comments: (postId: number) => ['feeds', 'comments', postId] as const,
  post: (postId: number) => ['feeds', 'post', postId] as const,
  members: (communityId: number) => ['feeds', 'members', communityId] as const,
  friends: ['feeds', 'friends'] as const,
  linkPreview: (url: string) => ['feeds', 'link-preview', url] as const,
};

/** The feed a post belongs to, read from the post itself (events carry no address). */
export function scopeOfPost(item: FeedPost): FeedScope | null {
  if (item.community_id !== null) return { kind: 'community', id: item.community_id };
  return item.owner_user_id !== null ? { kind: 'user', id: item.owner_user_id } : null;
}

async function fetchFeedPage(scope: FeedScope, pageKey: string | null): Promise<FeedPage> {
  const page_key = pageKey ?? undefined;
  if (scope.kind === 'community') {
    const answer = await call('communityFeeds', { query: { community_id: scope.id, page_key } });
    return { posts: answer.community_feeds, older_key: answer.older_key };
  }
  const answer = await call('userFeeds', { query: { user_id: scope.id, page_key } });
  return { posts: answer.user_feeds, older_key: answer.older_key };
}

/** The posts of a feed, 25 a page, newest first; each answer's older_key asks for the next page. */
export function useFeed(scope: FeedScope, enabled = true) {
  useChannelInterest(enabled && scope.kind === 'community' ? scope.id : null);
  return useInfiniteQuery({
    enabled,
    queryKey: feedKeys.feed(scope),
    queryFn: ({ pageParam }) => fetchFeedPage(scope, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older_key,
  });
}

/* Cache updates shared by HTTP replies and live events: each is idempotent, so either may come first. */

function updateFeed(queryClient: QueryClient, scope: FeedScope, change: (data: FeedData) => FeedData) {
  queryClient.setQueryData<FeedData>(feedKeys.feed(scope), (data) => (data ? change(data) : data));
}

const mapPosts = (data: FeedData, change: (posts: FeedPost[], index: number) => FeedPost[]): FeedData => ({
  ...data,
  pages: data.pages.map((page, index) => ({ ...page, posts: change(page.posts, index) })),
});

const holds = (data: FeedData, postId: number) =>
  data.pages.some((page) => page.posts.some((item) => item.id === postId));

/**
 * The member's vote still on its way, per post. A reply or event written before it reached the server
 * carries the old counts; the vote is laid over them again so that the choice never jumps back.
 */
const pendingVotes = new Map<number, { userId: number; option: number; seq: number }>();
let lastVoteSeq = 0;

function withPendingVote(item: FeedPost): FeedPost {
  const pending = pendingVotes.get(item.id);
  if (!pending || !item.poll_data) return item;
  const moved = moveVote(item.poll_data, pending.userId, pending.option);
  return moved ? { ...item, poll_data: moved } : item;
}

/** A new post goes on top once; a post already listed is replaced. */
export function upsertPost(queryClient: QueryClient, received: FeedPost): void {
  const scope = scopeOfPost(received);
  if (!scope) return;
  const item = withPendingVote(received);
  updateFeed(queryClient, scope, (data) =>
    holds(data, item.id)
      ? mapPosts(data, (posts) => posts.map((old) => (old.id === item.id ? item : old)))
      : mapPosts(data, (posts, index) => (index === 0 ? [item, ...posts] : posts)),
  );
}

/** A listed post changed; one not listed (an older page not loaded) is left alone. */
export function replacePost(queryClient: QueryClient, received: FeedPost): void {
  const scope = scopeOfPost(received);
  if (!scope) return;
  const item = withPendingVote(received);
  updateFeed(queryClient, scope, (data) =>
    mapPosts(data, (posts) => posts.map((old) => (old.id === item.id ? item : old))),
  );
}

export function removePost(queryClient: QueryClient, scope: FeedScope, postId: number): void {
  updateFeed(queryClient, scope, (data) =>
    mapPosts(data, (posts) => posts.filter((item) => item.id !== postId)),
  );
  queryClient.removeQueries({ queryKey: feedKeys.comments(postId) });
}

function patchPost(
  queryClient: QueryClient,
  scope: FeedScope,
  postId: number,
  change: (item: FeedPost) => FeedPost,
): void {
  updateFeed(queryClient, scope, (data) =>
    mapPosts(data, (posts) => posts.map((item) => (item.id === postId ? change(item) : item))),
  );
}

/** UPDATE highlights the post or comment for 2 s (docs/product/feeds-and-comments.md#urgency). */
interface HighlightState {
  ids: Record<string, true>;
  highlight: (key: string) => void;
}
export const useHighlights = create<HighlightState>((set) => ({
  ids: {},
  highlight: (key) => {
    set((s) => ({ ids: { ...s.ids, [key]: true } }));
    setTimeout(
      () =>
        set((s) => {
          const { [key]: _gone, ...rest } = s.ids;
          return { ids: rest };
        }),
      UI_TIMINGS.highlightMs,
    );
  },
}));
export const postHighlightKey = (postId: number) => `post:${postId}`;
export const commentHighlightKey = (commentId: number) => `comment:${commentId}`;

/** USER_POST and COMMUNITY_POST: NEW inserts, UPDATE refreshes and highlights, DELETE removes (docs/product/feeds-and-comments.md#live-updates). */
export function applyPostEvent(
  queryClient: QueryClient,
  event: EventEnvelope<'USER_POST' | 'COMMUNITY_POST'>,
): void {
  const item = event.data;
  const scope = scopeOfPost(item);
  if (!scope) return;
  if (event.subtype === EventSubtype.NEW) upsertPost(queryClient, item);
  else if (event.subtype === EventSubtype.UPDATE) {
    replacePost(queryClient, item);
    useHighlights.getState().highlight(postHighlightKey(item.id));
  } else if (event.subtype === EventSubtype.DELETE) removePost(queryClient, scope, item.id);
}

/**
 * One community post, for its own address: the copy in its feed, which events keep live, once that feed is
 * loaded; until then, or when the post is beyond the feed's loaded pages, the post fetched on its own.
 */
export function useCommunityPost(postId: number) {
  const fetched = useQuery({
    queryKey: feedKeys.post(postId),
    queryFn: () => call('communityPost', { params: { id: postId } }),
  });
  const communityId = fetched.data?.community_id ?? null;
  const scope: FeedScope = { kind: 'community', id: communityId ?? 0 };
  const feed = useFeed(scope, communityId !== null);
  const live = feed.data?.pages.flatMap((page) => page.posts).find((item) => item.id === postId);
  return { post: live ?? fetched.data, scope: communityId === null ? null : scope, isError: fetched.isError };
}

/* Comments */

const commentScope = (comment: FeedComment): FeedScope | null =>
  comment.community_id !== null ? { kind: 'community', id: comment.community_id } : null;

function recount(queryClient: QueryClient, scope: FeedScope, postId: number, comments: FeedComment[]) {
  patchPost(queryClient, scope, postId, (item) => ({
    ...item,
    num_comments: comments.length,
    urgency_comments: comments.reduce((high, comment) => Math.max(high, comment.urgency), 0),
  }));
}

/**
 * Adds or replaces a comment in its post's list and keeps the post's count and urgency right. Without a
 * loaded list the count is raised once per comment id, so the reply and the event never count twice.
 */
const countedComments = new Set<number>();
export function upsertComment(queryClient: QueryClient, scope: FeedScope, comment: FeedComment): void {
  const key = feedKeys.comments(comment.feed_id);
  const list = queryClient.getQueryData<FeedComment[]>(key);
  if (list) {
    const next = list.some((old) => old.id === comment.id)
      ? list.map((old) => (old.id === comment.id ? comment : old))
      : [...list, comment];
    queryClient.setQueryData(key, next);
    countedComments.add(comment.id);
    recount(queryClient, scope, comment.feed_id, next);
    return;
  }
  if (countedComments.has(comment.id)) return;
  countedComments.add(comment.id);
  patchPost(queryClient, scope, comment.feed_id, (item) => ({
    ...item,
    num_comments: item.num_comments + 1,
    urgency_comments: Math.max(item.urgency_comments, comment.urgency),
  }));
}

export function removeComment(
  queryClient: QueryClient,
  scope: FeedScope,
  postId: number,
  commentId: number,
): void {
  const key = feedKeys.comments(postId);
  const list = queryClient.getQueryData<FeedComment[]>(key);
  if (list) {
    if (!list.some((old) => old.id === commentId)) return;
    const next = list.filter((old) => old.id !== commentId);
    queryClient.setQueryData(key, next);
    recount(queryClient, scope, postId, next);
    return;
  }
  if (!countedComments.delete(commentId)) return;
  patchPost(queryClient, scope, postId, (item) => ({
    ...item,
    num_comments: Math.max(0, item.num_comments - 1),
  }));
}

/** COMMUNITY_COMMENT: NEW adds and raises the count, UPDATE refreshes and highlights, DELETE removes. */
export function applyCommentEvent(queryClient: QueryClient, event: EventEnvelope<'COMMUNITY_COMMENT'>): void {
  const comment = event.data;
  const scope = commentScope(comment);
  if (!scope) return;
  if (event.subtype === EventSubtype.DELETE) {
    countedComments.add(comment.id);
    removeComment(queryClient, scope, comment.feed_id, comment.id);
    return;
  }
  upsertComment(queryClient, scope, comment);
  if (event.subtype === EventSubtype.UPDATE) {
    useHighlights.getState().highlight(commentHighlightKey(comment.id));
  }
}

/* Posts */

export interface PostInput {
  message: string;
  identity_type?: number;
  privacy?: number;
  target_user_id?: number | null;
  tagged_users?: number[];
  attachments?: UserPostBody['attachments'];
}

export const createPost = (scope: FeedScope, input: PostInput) =>
  scope.kind === 'community'
    ? call('createCommunityPost', { body: { ...input, community_id: scope.id } })
    : call('createUserPost', { body: { ...input, owner_user_id: scope.id } });

/** One post of a feed for edit, delete, rate and high five (docs/product/feeds-and-comments.md#post-writer): a community's post is under it. */
const communityPost = (scope: FeedScope, postId: number) => ({ id: scope.id, feedId: postId });
const userPost = (postId: number) => ({ id: postId });

export function useCreatePost(scope: FeedScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => createPost(scope, input),
    onSuccess: (item) => upsertPost(queryClient, item),
  });
}

export function useEditPost(scope: FeedScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, input }: { postId: number; input: PostInput }) => {
      const body = { message: input.message, tagged_users: input.tagged_users, feedId: postId };
      return scope.kind === 'community'
        ? call('editCommunityPost', {
            params: communityPost(scope, postId),
            body: { ...body, communityId: scope.id },
          })
        : call('editUserPost', { params: userPost(postId), body });
    },
    onSuccess: (item) => replacePost(queryClient, item),
  });
}

export function useDeletePost(scope: FeedScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) =>
      scope.kind === 'community'
        ? call('deleteCommunityPost', { params: communityPost(scope, postId) })
        : call('deleteUserPost', { params: userPost(postId) }),
    onSuccess: (_answer, postId) => removePost(queryClient, scope, postId),
  });
}

/** High five toggles at once; a repeated press while one is on its way is dropped; failure rolls back. */
export function useHighFive(scope: FeedScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: FeedPost) =>
      scope.kind === 'community'
        ? call('highFiveCommunityPost', { params: communityPost(scope, item.id) })
        : call('highFiveUserPost', { params: userPost(item.id) }),
    onMutate: (item) =>
      patchPost(queryClient, scope, item.id, (old) => ({
        ...old,
        high_fived: !old.high_fived,
        ...(old.high_fives !== undefined && { high_fives: old.high_fives + (old.high_fived ? -1 : 1) }),
      })),
    onSuccess: (item) => replacePost(queryClient, item),
    onError: (_error, item) => replacePost(queryClient, item),
  });
}

export function useRate(scope: FeedScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, rating }: { postId: number; rating: number }) =>
      scope.kind === 'community'
        ? call('rateCommunityPost', { params: communityPost(scope, postId), body: { rating } })
        : call('rateUserPost', { params: userPost(postId), body: { rating } }),
    onSuccess: (item) => replacePost(queryClient, item),
  });
}

/* Polls */

export interface PollInput {
  question: string;
  options: string[];
  expiration_date: string;
}

export function useCreatePoll(scope: FeedScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PollInput) =>
      scope.kind === 'community'
        ? call('createCommunityPoll', { params: { id: scope.id }, body: input })
        : call('createPoll', { body: { ...input, friend_id: scope.id } }),
    onSuccess: (item) => upsertPost(queryClient, item),
  });
}

/**
 * A vote moves at once in the cache (both counts), then the server's post replaces it; on failure the old
 * post comes back. Errors are otherwise silent (docs/product/feeds-and-comments.md#feed-paging: response and errors ignored).
 */
export function useVote(scope: FeedScope, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, option }: { item: FeedPost; option: number }) =>
      scope.kind === 'community'
        ? call('answerCommunityPoll', {
            params: communityPost(scope, item.id),
            body: { answerIndex: option },
          })
        : call('answerPoll', { params: { feedId: item.id }, body: { answerIndex: option } }),
    onMutate: ({ item, option }) => startVote(queryClient, scope, item.id, { userId, option }),
    onSuccess: (answer, { item }, vote) => settleVote(queryClient, item.id, vote.seq, answer),
    onError: (_error, { item }, vote) => vote && settleVote(queryClient, item.id, vote.seq, item, true),
  });
}

/** Moves the member's vote in the cache at once and keeps it there until its own reply comes. */
export function startVote(
  queryClient: QueryClient,
  scope: FeedScope,
  postId: number,
  vote: { userId: number; option: number },
): { seq: number } {
  const seq = ++lastVoteSeq;
  pendingVotes.set(postId, { ...vote, seq });
  patchPost(queryClient, scope, postId, withPendingVote);
  return { seq };
}

/**
 * The reply to vote `seq`: the server's post (or, when it failed, the post as it was before). A failure
 * overtaken by a newer vote changes nothing: the newer choice stands.
 */
export function settleVote(
  queryClient: QueryClient,
  postId: number,
  seq: number,
  item: FeedPost,
  failed = false,
): void {
  const latest = pendingVotes.get(postId)?.seq === seq;
  if (failed && !latest) return;
  if (latest) pendingVotes.delete(postId);
  replacePost(queryClient, item);
}

/* Comments */

export function useComments(scope: FeedScope, postId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: feedKeys.comments(postId),
    queryFn: async () => {
      const comments =
        scope.kind === 'community'
          ? (await call('communityComments', { query: { feed_id: postId, community_id: scope.id } }))
              .community_feed_comments
          : (await call('userComments', { query: { feed_id: postId, user_id: scope.id } }))
              .user_feed_comments;
      for (const comment of comments) countedComments.add(comment.id);
      recount(queryClient, scope, postId, comments);
      return comments;
    },
  });
}

export interface CommentInput {
  message: string;
  urgency?: number;
  tagged_users?: number[];
}

export function createComment(scope: FeedScope, postId: number, input: CommentInput) {
  return scope.kind === 'community'
    ? call('createCommunityComment', { body: { ...input, feed_id: postId, community_id: scope.id } })
    : call('createUserComment', { body: { ...input, feed_id: postId, user_id: scope.id } });
}

/** One comment for edit and delete (docs/product/feeds-and-comments.md#post-writer): under its post, under the post's owner. */
const commentParams = (scope: FeedScope, postId: number, commentId: number) => ({
  id: scope.id,
  feedId: postId,
  commentId,
});

export function useEditComment(scope: FeedScope, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    /** The author sends their words; an expert may send `{ urgency }` alone on anyone's comment. */
    mutationFn: ({ commentId, input }: { commentId: number; input: Partial<CommentInput> }) =>
      scope.kind === 'community'
        ? call('editCommunityComment', { params: commentParams(scope, postId, commentId), body: input })
        : call('editUserComment', { params: commentParams(scope, postId, commentId), body: input }),
    onSuccess: (comment) => upsertComment(queryClient, scope, comment),
  });
}

export function useDeleteComment(scope: FeedScope, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) =>
      scope.kind === 'community'
        ? call('deleteCommunityComment', { params: commentParams(scope, postId, commentId) })
        : call('deleteUserComment', { params: commentParams(scope, postId, commentId) }),
    onSuccess: (_answer, commentId) => removeComment(queryClient, scope, postId, commentId),
  });
}

/* Who may be tagged or chosen as a private recipient */

/** A private post's recipient: named as the server presents them (decision 0043). */
export interface Recipient {
  id: number;
  name: string;
}

/** A member who may be tagged: the tag is their handle, `screen_name` (docs/product/communities.md#create), the list shows their name. */
export interface FeedPerson extends Recipient {
  screen_name: string;
}

/** Members of a community (the tag and recipient lists); a failure reads as nobody (docs/product/the area's own anchor (communities.md#members: silent). */
export function useCommunityMembers(communityId: number | null) {
  return useQuery({
    queryKey: feedKeys.members(communityId ?? 0),
    enabled: communityId !== null,
    queryFn: async (): Promise<FeedPerson[]> => {
      const answer = await call('communityMembers', { params: { id: communityId ?? 0 } });
      return answer.members.map((member) => ({
        id: member.user_id,
        name: member.name,
        screen_name: member.screen_name,
      }));
    },
  });
}

export function useFriendPeople(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.friends,
    enabled,
    queryFn: async (): Promise<FeedPerson[]> => {
      const answer = await call('friends');
      return Object.values(answer.friends).map((friend) => ({
        id: friend.user_id,
        name: friend.name,
        screen_name: friend.screen_name,
      }));
    },
  });
}

/**
 * Whether the caller is an expert of the community (roles hold 1); false for a member's feed. It reads the
 * community page the feed sits in, so the page and its feed share one request.
 */
export function useIsExpert(scope: FeedScope): boolean {
  const roles = useQuery({
    ...communityPageQuery(scope.id),
    enabled: scope.kind === 'community',
    select: (community) => community.roles,
  });
  return scope.kind === 'community' && (roles.data ?? []).includes(CommunityRole.EXPERT);
}
