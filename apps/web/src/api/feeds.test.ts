import { EventSubtype, EventType, type FeedComment, type FeedPost } from '@orbit/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { envelope as event } from '../test/events';
import {
  applyCommentEvent,
  applyPostEvent,
  type FeedPage,
  feedKeys,
  settleVote,
  startVote,
  upsertComment,
  upsertPost,
} from './feeds';

const scope = { kind: 'community', id: 7 } as const;
const postOf = (id: number, extra: Partial<FeedPost> = {}) =>
  ({ id, community_id: 7, owner_user_id: null, num_comments: 0, urgency_comments: 0, ...extra }) as FeedPost;
const commentOf = (id: number, feedId: number, urgency = 0) =>
  ({ id, feed_id: feedId, community_id: 7, urgency }) as FeedComment;

function clientWith(posts: FeedPost[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(feedKeys.feed(scope), {
    pages: [{ posts, older_key: null } satisfies FeedPage],
    pageParams: [null],
  });
  const read = () =>
    queryClient.getQueryData<{ pages: FeedPage[] }>(feedKeys.feed(scope))?.pages[0]?.posts ?? [];
  return { queryClient, read };
}

describe('feed cache and live events', () => {
  it('inserts a new post once whether the reply or the event comes first', () => {
    const { queryClient, read } = clientWith([postOf(1)]);
    upsertPost(queryClient, postOf(2));
    applyPostEvent(queryClient, event(EventType.COMMUNITY_POST, EventSubtype.NEW, postOf(2)));
    expect(read().map((item) => item.id)).toEqual([2, 1]);
  });
  it('keeps a created post once when its event came first, and when a resume replays that event', () => {
    const { queryClient, read } = clientWith([postOf(1)]);
    const created = event(EventType.COMMUNITY_POST, EventSubtype.NEW, postOf(2));
    applyPostEvent(queryClient, created);
    upsertPost(queryClient, postOf(2, { message: 'from the reply' }));
    applyPostEvent(queryClient, created);
    expect(read().map((item) => item.id)).toEqual([2, 1]);
  });
  it('replaces on UPDATE and removes on DELETE', () => {
    const { queryClient, read } = clientWith([postOf(1)]);
    applyPostEvent(
      queryClient,
      event(EventType.COMMUNITY_POST, EventSubtype.UPDATE, postOf(1, { message: 'new' })),
    );
    expect(read()[0]?.message).toBe('new');
    applyPostEvent(queryClient, event(EventType.COMMUNITY_POST, EventSubtype.DELETE, postOf(1)));
    expect(read()).toEqual([]);
  });
  it('raises a post count once per comment and lowers it on DELETE', () => {
    const { queryClient, read } = clientWith([postOf(1)]);
    upsertComment(queryClient, scope, commentOf(10, 1, 3));
    applyCommentEvent(queryClient, event(EventType.COMMUNITY_COMMENT, EventSubtype.NEW, commentOf(10, 1, 3)));
    expect(read()[0]).toMatchObject({ num_comments: 1, urgency_comments: 3 });
    applyCommentEvent(queryClient, event(EventType.COMMUNITY_COMMENT, EventSubtype.DELETE, commentOf(10, 1)));
    applyCommentEvent(queryClient, event(EventType.COMMUNITY_COMMENT, EventSubtype.DELETE, commentOf(10, 1)));
    expect(read()[0]?.num_comments).toBe(0);
  });
  it('keeps a loaded comment list and the count in step', () => {
    const { queryClient, read } = clientWith([postOf(1)]);
    queryClient.setQueryData(feedKeys.comments(1), [commentOf(20, 1)]);
    applyCommentEvent(queryClient, event(EventType.COMMUNITY_COMMENT, EventSubtype.NEW, commentOf(21, 1, 2)));
    applyCommentEvent(queryClient, event(EventType.COMMUNITY_COMMENT, EventSubtype.NEW, commentOf(21, 1, 2)));
    expect(queryClient.getQueryData<FeedComment[]>(feedKeys.comments(1))).toHaveLength(2);
    expect(read()[0]).toMatchObject({ num_comments: 2, urgency_comments: 2 });
  });
});

describe('a moved vote', () => {
  const pollOf = (myAnswer: number, answers: number[][]) =>
    postOf(5, {
      poll_data: {
        question: 'When?',
        options: ['Dawn', 'Dusk'],
        answers: answers.map((voters) => voters.map((user_id) => ({ user_id }))),
        my_answer: myAnswer,
        expired: false,
        expiration_date: '2999-01-01T00:00:00Z',
      },
    } as Partial<FeedPost>);
  const counts = (item: FeedPost | undefined) => item?.poll_data?.answers?.map((voters) => voters.length);

  it('is not undone by an older reply or event arriving while it is on its way', () => {
    const { queryClient, read } = clientWith([pollOf(0, [[9], []])]);
    const vote = startVote(queryClient, scope, 5, { userId: 9, option: 1 });
    expect(counts(read()[0])).toEqual([0, 1]);
    // The first vote's reply, written before the move reached the server.
    upsertPost(queryClient, pollOf(0, [[9], []]));
    applyPostEvent(queryClient, event(EventType.COMMUNITY_POST, EventSubtype.UPDATE, pollOf(0, [[9], []])));
    expect(read()[0]?.poll_data?.my_answer).toBe(1);
    expect(counts(read()[0])).toEqual([0, 1]);
    settleVote(queryClient, 5, vote.seq, pollOf(1, [[], [9]]));
    upsertPost(queryClient, pollOf(1, [[4], [9]]));
    expect(counts(read()[0])).toEqual([1, 1]);
  });

  it('comes back when the latest vote fails, but not when an overtaken one does', () => {
    const { queryClient, read } = clientWith([pollOf(0, [[9], []])]);
    const first = startVote(queryClient, scope, 5, { userId: 9, option: 1 });
    const second = startVote(queryClient, scope, 5, { userId: 9, option: 0 });
    settleVote(queryClient, 5, first.seq, pollOf(0, [[9], []]), true);
    expect(read()[0]?.poll_data?.my_answer).toBe(0);
    const third = startVote(queryClient, scope, 5, { userId: 9, option: 1 });
    settleVote(queryClient, 5, second.seq, pollOf(0, [[9], []]));
    expect(read()[0]?.poll_data?.my_answer).toBe(1);
    settleVote(queryClient, 5, third.seq, pollOf(0, [[9], []]), true);
    expect(read()[0]?.poll_data?.my_answer).toBe(0);
    expect(counts(read()[0])).toEqual([1, 0]);
  });
});
