import {
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
import { endpoints } from './define';

/** Friends, friend requests and the members list (000 §4.4, 002 §7). */
export const FRIEND_ROUTES = {
  friendRequest: 'PUT /user/friends/request',
  withdrawFriendRequest: 'DELETE /user/friends/request',
  unfriend: 'DELETE /user/friends',
  friends: 'GET /user/friends',
  /** The portal's own call: the same list. */
  portalFriends: 'GET /portal/user/friends',
  friendRequests: 'GET /user/friends/requests',
  friendsOfFriend: 'GET /user/friends-of-friend',
  /** 001 §7 writes this path with a trailing slash; both spellings answer. */
  friendsOfFriendSlash: 'GET /user/friends-of-friend/',
  connections: 'GET /user/connections',
  members: 'GET /users',
} as const;

export const FRIEND_ENDPOINTS = endpoints('friends', FRIEND_ROUTES, {
  friendRequest: {
    body: FriendRequestBody,
    response: FriendRequestResult,
    errors: ['not_found', 'self_request', 'message_too_long', 'already_friends', 'duplicate_request'],
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

/** Pinning a star of the home (000 §3.3). */
export const STAR_ROUTES = {
  pinStar: 'POST /stars/:id/pin',
  unpinStar: 'POST /stars/:id/unpin',
} as const;

export const STAR_ENDPOINTS = endpoints('stars', STAR_ROUTES, {
  pinStar: { params: StarIdParams, response: PinResponse, errors: ['not_found'] },
  unpinStar: { params: StarIdParams, response: PinResponse, errors: ['not_found'] },
});
