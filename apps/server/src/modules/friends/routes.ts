import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
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

export async function friendsRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.friendRequest, {}, async (request) =>
    sendOrAccept(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.withdrawFriendRequest, {}, async (request) =>
    withdrawRequest(deps, me(request).userId, request.query.user_id),
  );

  route(app, ENDPOINTS.unfriend, {}, async (request) =>
    unfriend(deps, me(request).userId, request.query.user_id),
  );

  for (const endpoint of [ENDPOINTS.friends, ENDPOINTS.portalFriends]) {
    route(app, endpoint, {}, async (request) => friendsOf(deps.db, me(request).userId));
  }

  route(app, ENDPOINTS.friendRequests, {}, async (request) => requestsOf(deps.db, me(request).userId));

  for (const endpoint of [ENDPOINTS.friendsOfFriend, ENDPOINTS.friendsOfFriendSlash]) {
    route(app, endpoint, {}, async (request) =>
      friendsOfFriend(deps.db, me(request).userId, request.query.id),
    );
  }

  route(app, ENDPOINTS.connections, {}, async (request) => connectionsOf(deps.db, me(request).userId));

  route(app, ENDPOINTS.members, {}, async (request) =>
    membersOf(deps.db, me(request).userId, request.query.page_key),
  );
}
