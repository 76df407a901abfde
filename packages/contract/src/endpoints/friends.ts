import {
  BlockParams,
  BlocksResponse,
  ConnectionsResponse,
  FriendOfFriendQuery,
  FriendRequestBody,
  FriendRequestResult,
  FriendRequestsResponse,
  FriendsResponse,
  MembersQuery,
  MembersResponse,
  Ok,
  PinResponse,
  StarIdParams,
  UserIdQuery,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { BLOCK_ROUTES, FRIEND_ROUTES, STAR_ROUTES } from './routes';

export const FRIEND_ENDPOINTS = endpoints('friends', FRIEND_ROUTES, {
  friendRequest: {
    rateLimit: perMinute(60),
    body: FriendRequestBody,
    response: FriendRequestResult,
    errors: [
      'not_found',
      'self_request',
      'message_too_long',
      'already_friends',
      'duplicate_request',
      'blocked',
    ],
  },
  withdrawFriendRequest: { query: UserIdQuery, response: Ok, errors: ['not_found'] },
  unfriend: { query: UserIdQuery, response: Ok, errors: ['not_found'] },
  friends: { response: FriendsResponse, errors: [] },
  portalFriends: { response: FriendsResponse, errors: [] },
  friendRequests: { response: FriendRequestsResponse, errors: [] },
  friendsOfFriend: {
    query: FriendOfFriendQuery,
    response: FriendsResponse,
    errors: ['not_found', 'not_friends'],
  },
  friendsOfFriendSlash: {
    query: FriendOfFriendQuery,
    response: FriendsResponse,
    errors: ['not_found', 'not_friends'],
  },
  connections: { response: ConnectionsResponse, errors: [] },
  members: { query: MembersQuery, response: MembersResponse, errors: ['invalid_page_key'] },
});

export const STAR_ENDPOINTS = endpoints('stars', STAR_ROUTES, {
  pinStar: { params: StarIdParams, response: PinResponse, errors: ['not_found'] },
  unpinStar: { params: StarIdParams, response: PinResponse, errors: ['not_found'] },
});

/** Blocking oneself is a 400, an unknown member a 404; both calls are idempotent (issue 14). */
export const BLOCK_ENDPOINTS = endpoints('blocks', BLOCK_ROUTES, {
  block: {
    rateLimit: perMinute(60),
    params: BlockParams,
    response: Ok,
    errors: ['not_found', 'cannot_block_self'],
  },
  unblock: {
    rateLimit: perMinute(60),
    params: BlockParams,
    response: Ok,
    errors: ['not_found', 'cannot_block_self'],
  },
  blocks: { response: BlocksResponse, errors: [] },
});
