import { type Community, type FeedPost, SIGNED_IN_COOKIE } from '@orbit/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { call, endpointRequest, hasSessionMark } from './client';

describe('an endpoint called by name', () => {
  it('takes its method and path from the contract, the params filled in and encoded', () => {
    expect(endpointRequest('communityFeeds')).toEqual({ method: 'GET', path: '/community/feeds' });
    expect(endpointRequest('deleteCommunityComment', { id: 4, feedId: 17, commentId: 9 })).toEqual({
      method: 'DELETE',
      path: '/community/4/feed/17/comments/9',
    });
    expect(endpointRequest('userPost', { id: 'a/b' })).toEqual({ method: 'GET', path: '/user/feed/a%2Fb' });
  });

  it('is typed by the declaration: its params, query and body, and its answer', () => {
    expectTypeOf<Awaited<ReturnType<typeof call<'community'>>>>().toEqualTypeOf<Community>();
    expectTypeOf<Awaited<ReturnType<typeof call<'answerPoll'>>>>().toEqualTypeOf<FeedPost>();
    // Never run: the compiler holds each call to its declaration.
    const calls = [
      // @ts-expect-error: a community's page needs its id
      () => call('community'),
      // @ts-expect-error: the id is a number
      () => call('community', { params: { id: 'x' } }),
      // @ts-expect-error: a rating is a body field, not a query
      () => call('rateUserPost', { params: { id: 1 }, query: { rating: 3 } }),
      // Every query field of the member list is optional: the whole query may be left out.
      () => call('members'),
    ];
    expect(calls).toHaveLength(4);
  });
});

describe('the signed-in mark', () => {
  it('is read from the page cookies, by its exact name', () => {
    expect(hasSessionMark(`theme=dark; ${SIGNED_IN_COOKIE}=1`)).toBe(true);
    expect(hasSessionMark(`${SIGNED_IN_COOKIE}=1`)).toBe(true);
    expect(hasSessionMark('')).toBe(false);
    expect(hasSessionMark(`not_${SIGNED_IN_COOKIE}=1; theme=dark`)).toBe(false);
  });
});
