import {
  ConnectionsResponse,
  ErrorResponse,
  FriendOfFriendQuery,
  FriendRequestBody,
  FriendRequestResult,
  FriendRequestsResponse,
  FriendsResponse,
  MembersQuery,
  MembersResponse,
  Ok,
  UserIdQuery,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import {
  connectionsOf,
  friendsOf,
  friendsOfFriend,
  membersOf,
  requestsOf,
  sendOrAccept,
  unfriend,
  withdrawRequest,
} from './service';

const tags = ['friends'];
const errors = { '4xx': ErrorResponse };

export async function friendsRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;

  app.put(
    '/user/friends/request',
    {
      config: { rateLimit: rateLimit(f, 60) },
      schema: { tags, body: FriendRequestBody, response: { 200: FriendRequestResult, ...errors } },
    },
    async (request) => sendOrAccept(deps, me(request).userId, request.body),
  );

  app.delete(
    '/user/friends/request',
    { schema: { tags, querystring: UserIdQuery, response: { 200: Ok, ...errors } } },
    async (request) => withdrawRequest(deps, me(request).userId, request.query.user_id),
  );

  app.delete(
    '/user/friends',
    { schema: { tags, querystring: UserIdQuery, response: { 200: Ok, ...errors } } },
    async (request) => unfriend(deps, me(request).userId, request.query.user_id),
  );

  // The portal path answers the same list (000 §7 and the portal's own call).
  for (const path of ['/user/friends', '/portal/user/friends']) {
    app.get(path, { schema: { tags, response: { 200: FriendsResponse } } }, async (request) =>
      friendsOf(deps.db, me(request).userId),
    );
  }

  app.get(
    '/user/friends/requests',
    { schema: { tags, response: { 200: FriendRequestsResponse } } },
    async (request) => requestsOf(deps.db, me(request).userId),
  );

  // 001 §7 writes this path with a trailing slash; both spellings answer.
  for (const path of ['/user/friends-of-friend', '/user/friends-of-friend/']) {
    app.get(
      path,
      { schema: { tags, querystring: FriendOfFriendQuery, response: { 200: FriendsResponse, ...errors } } },
      async (request) => friendsOfFriend(deps.db, me(request).userId, request.query.id),
    );
  }

  app.get(
    '/user/connections',
    { schema: { tags, response: { 200: ConnectionsResponse } } },
    async (request) => connectionsOf(deps.db, me(request).userId),
  );

  app.get(
    '/users',
    { schema: { tags, querystring: MembersQuery, response: { 200: MembersResponse, ...errors } } },
    async (request) => membersOf(deps.db, me(request).userId, request.query.page_key),
  );
}
