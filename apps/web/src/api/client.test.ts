import { describe, expect, it } from 'vitest';
import { endpointRequest } from './client';

describe('an endpoint called by name', () => {
  it('takes its method and path from the contract, the params filled in and encoded', () => {
    expect(endpointRequest('communityFeeds')).toEqual({ method: 'GET', path: '/community/feeds' });
    expect(endpointRequest('deleteCommunityComment', { id: 4, feedId: 17, commentId: 9 })).toEqual({
      method: 'DELETE',
      path: '/community/4/feed/17/comments/9',
    });
    expect(endpointRequest('userPost', { id: 'a/b' })).toEqual({ method: 'GET', path: '/user/feed/a%2Fb' });
  });
});
