import {
  AddMemberBody,
  CommunitiesQuery,
  CommunitiesResponse,
  Community,
  CommunityIdParams,
  CommunityImageResponse,
  CommunityMemberParams,
  CommunityMembersResponse,
  CreateCommunityBody,
  CreatedCommunity,
  DataImageBody,
  ErrorResponse,
  InviteAnswerBody,
  InviteBody,
  JoinCommunityBody,
  LeaveCommunityBody,
  MembersListQuery,
  NonmembersQuery,
  NonmembersResponse,
  Ok,
  OrganizationsResponse,
  SearchCommunitiesQuery,
  UpdateCommunityBody,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, BODY_LIMITS, rateLimit } from '../../platform/http';
import { organizationsOf } from '../admin';
import { communityMembersOf, listCommunities, nonmembersOf } from './queries';
import {
  addMember,
  answerInvite,
  changeCommunityImage,
  createCommunity,
  inviteByScreenName,
  joinCommunity,
  leaveCommunity,
  removeMember,
  updateCommunity,
  visitCommunity,
} from './service';

const tags = ['communities'];
const errors = { '4xx': ErrorResponse };

export async function communitiesRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  const searchLimit = { rateLimit: rateLimit(f, 60) };

  app.get(
    '/communities',
    {
      config: searchLimit,
      schema: { tags, querystring: CommunitiesQuery, response: { 200: CommunitiesResponse, ...errors } },
    },
    async (request) =>
      listCommunities(
        deps.db,
        me(request).userId,
        request.query.textsearch?.trim() ? request.query.textsearch : undefined,
        request.query.page_key,
      ),
  );

  app.get(
    '/search/communities',
    {
      config: searchLimit,
      schema: {
        tags,
        querystring: SearchCommunitiesQuery,
        response: { 200: CommunitiesResponse, ...errors },
      },
    },
    async (request) =>
      listCommunities(deps.db, me(request).userId, request.query.textsearch, request.query.page_key),
  );

  app.get(
    '/communities/:id',
    { schema: { tags, params: CommunityIdParams, response: { 200: Community, ...errors } } },
    async (request) => visitCommunity(deps, me(request).userId, request.params.id),
  );

  app.put(
    '/communities/:id',
    {
      schema: {
        tags,
        params: CommunityIdParams,
        body: UpdateCommunityBody,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => updateCommunity(deps, me(request).userId, request.params.id, request.body),
  );

  app.post(
    '/join/community/',
    { schema: { tags, body: JoinCommunityBody, response: { 200: Ok, ...errors } } },
    async (request) => joinCommunity(deps, me(request).userId, request.body),
  );

  app.post(
    '/leave/community',
    { schema: { tags, body: LeaveCommunityBody, response: { 200: Ok, ...errors } } },
    async (request) => leaveCommunity(deps, me(request).userId, request.body.id),
  );

  app.post(
    '/create/communities',
    {
      config: { rateLimit: rateLimit(f, 20) },
      schema: { tags, body: CreateCommunityBody, response: { 200: CreatedCommunity, ...errors } },
    },
    async (request) => createCommunity(deps, me(request).userId, request.body),
  );

  app.post(
    '/community/:id/image',
    {
      bodyLimit: BODY_LIMITS.dataImage,
      config: { rateLimit: rateLimit(f, 30) },
      schema: {
        tags,
        params: CommunityIdParams,
        body: DataImageBody,
        response: { 200: CommunityImageResponse, ...errors },
      },
    },
    async (request) => changeCommunityImage(deps, me(request).userId, request.params.id, request.body.image),
  );

  app.get(
    '/listorganizations',
    { schema: { tags, response: { 200: OrganizationsResponse } } },
    async (request) => ({
      organizations: await organizationsOf(deps.db, me(request).userId),
    }),
  );

  app.post(
    '/communities/:id/invite',
    {
      config: { rateLimit: rateLimit(f, 60) },
      schema: { tags, params: CommunityIdParams, body: InviteBody, response: { 200: Ok, ...errors } },
    },
    async (request) =>
      inviteByScreenName(deps, me(request).userId, request.params.id, request.body.screen_name),
  );

  app.put(
    '/communities/:id/invite',
    { schema: { tags, params: CommunityIdParams, body: InviteAnswerBody, response: { 200: Ok, ...errors } } },
    async (request) => answerInvite(deps, me(request).userId, request.params.id, request.body.status),
  );

  app.get(
    '/communities/:id/members',
    {
      schema: {
        tags,
        params: CommunityIdParams,
        querystring: MembersListQuery,
        response: { 200: CommunityMembersResponse, ...errors },
      },
    },
    async (request) =>
      communityMembersOf(deps.db, me(request).userId, request.params.id, request.query.f === true),
  );

  app.get(
    '/communities/:id/nonmembers',
    {
      config: searchLimit,
      schema: {
        tags,
        params: CommunityIdParams,
        querystring: NonmembersQuery,
        response: { 200: NonmembersResponse, ...errors },
      },
    },
    async (request) => nonmembersOf(deps.db, me(request).userId, request.params.id, request.query.textsearch),
  );

  app.post(
    '/communities/:id/members/:userId',
    {
      schema: { tags, params: CommunityMemberParams, body: AddMemberBody, response: { 200: Ok, ...errors } },
    },
    async (request) => addMember(deps, me(request).userId, request.params.id, request.params.userId),
  );

  app.delete(
    '/communities/:id/members/:userId',
    { schema: { tags, params: CommunityMemberParams, response: { 200: Ok, ...errors } } },
    async (request) => removeMember(deps, me(request).userId, request.params.id, request.params.userId),
  );
}
