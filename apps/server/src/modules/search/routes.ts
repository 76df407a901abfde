import {
  ErrorResponse,
  PrivateUserQuery,
  PrivateUserResponse,
  SearchUsersQuery,
  SearchUsersResponse,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { findPersona, searchUsers } from './service';

const tags = ['search'];

export async function searchRoutes(app: App, deps: AppDeps) {
  const config = { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) };

  app.get(
    '/search/users',
    {
      config,
      schema: {
        tags,
        querystring: SearchUsersQuery,
        response: { 200: SearchUsersResponse, '4xx': ErrorResponse },
      },
    },
    async (request) => searchUsers(deps.db, me(request).userId, request.query.q, request.query.page_key),
  );

  app.get(
    '/search/private_user',
    {
      config,
      schema: {
        tags,
        querystring: PrivateUserQuery,
        response: { 200: PrivateUserResponse, '4xx': ErrorResponse },
      },
    },
    async (request) => findPersona(deps.db, me(request).userId, request.query.q),
  );
}
