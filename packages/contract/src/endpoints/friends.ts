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
import { FRIEND_ROUTES, STAR_ROUTES } from './routes';

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

export const STAR_ENDPOINTS = endpoints('stars', STAR_ROUTES, {
  pinStar: { params: StarIdParams, response: PinResponse, errors: ['not_found'] },
  unpinStar: { params: StarIdParams, response: PinResponse, errors: ['not_found'] },
});
