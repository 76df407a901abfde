import {
  ErrorResponse,
  HighFiveBody,
  HighFiveResponse,
  TournamentImageQuery,
  TournamentProgressQuery,
  TournamentProgressResponse,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { highFive, progress, tournamentUserImage } from './service';

const tags = ['tournament'];
const errors = { '4xx': ErrorResponse };

export async function tournamentRoutes(app: App, deps: AppDeps) {
  app.get(
    '/tournament/progress',
    {
      schema: {
        tags,
        querystring: TournamentProgressQuery,
        response: { 200: TournamentProgressResponse, ...errors },
      },
    },
    async (request) => progress(deps, me(request).userId, request.query),
  );

  app.put(
    '/tournament/user/h5',
    {
      config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) },
      schema: { tags, body: HighFiveBody, response: { 200: HighFiveResponse, ...errors } },
    },
    async (request) => highFive(deps, me(request).userId, request.body),
  );

  app.get(
    '/tournament/user/image',
    {
      schema: {
        tags,
        querystring: TournamentImageQuery,
        response: { 200: { description: 'the image bytes' }, ...errors },
      },
    },
    async (request, reply) => {
      const image = await tournamentUserImage(deps, me(request).userId, request.query.image_id);
      // A persona picture never changes under its id.
      return reply
        .type(image.mime)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}
