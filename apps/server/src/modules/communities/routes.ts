import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { organizationsOf } from '../admin';
import { communityMembersOf, listCommunities, nonmembersOf } from './queries';
import {
  addMember,
  answerInvite,
  appointExpert,
  changeCommunityImage,
  createCommunity,
  inviteByScreenName,
  joinCommunity,
  leaveCommunity,
  removeMember,
  updateCommunity,
  visitCommunity,
} from './service';

export async function communitiesRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.communities, {}, async (request) =>
    listCommunities(
      deps.db,
      me(request).userId,
      request.query.textsearch?.trim() ? request.query.textsearch : undefined,
      request.query.page_key,
    ),
  );

  route(app, ENDPOINTS.searchCommunities, {}, async (request) =>
    listCommunities(deps.db, me(request).userId, request.query.textsearch, request.query.page_key),
  );

  route(app, ENDPOINTS.community, {}, async (request) =>
    visitCommunity(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.updateCommunity, {}, async (request) =>
    updateCommunity(deps, me(request).userId, request.params.id, request.body),
  );

  route(app, ENDPOINTS.joinCommunity, {}, async (request) =>
    joinCommunity(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.leaveCommunity, {}, async (request) =>
    leaveCommunity(deps, me(request).userId, request.body.id),
  );

  route(app, ENDPOINTS.createCommunity, {}, async (request) =>
    createCommunity(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.communityImage, {}, async (request) =>
    changeCommunityImage(deps, me(request).userId, request.params.id, request.body.image),
  );

  route(app, ENDPOINTS.organizations, {}, async (request) => ({
    organizations: await organizationsOf(deps.db, me(request).userId),
  }));

  route(app, ENDPOINTS.inviteToCommunity, {}, async (request) =>
    inviteByScreenName(deps, me(request).userId, request.params.id, request.body.screen_name),
  );

  route(app, ENDPOINTS.answerInvite, {}, async (request) =>
    answerInvite(deps, me(request).userId, request.params.id, request.body.status),
  );

  route(app, ENDPOINTS.communityMembers, {}, async (request) =>
    communityMembersOf(deps.db, me(request).userId, request.params.id, request.query.f === true),
  );

  route(app, ENDPOINTS.communityNonmembers, {}, async (request) =>
    nonmembersOf(deps.db, me(request).userId, request.params.id, request.query.textsearch),
  );

  route(app, ENDPOINTS.addCommunityMember, {}, async (request) =>
    addMember(deps, me(request).userId, request.params.id, request.params.userId),
  );

  route(app, ENDPOINTS.removeCommunityMember, {}, async (request) =>
    removeMember(deps, me(request).userId, request.params.id, request.params.userId),
  );

  route(app, ENDPOINTS.appointCommunityExpert, {}, async (request) =>
    appointExpert(deps, me(request).userId, request.params.id, request.params.userId),
  );
}
