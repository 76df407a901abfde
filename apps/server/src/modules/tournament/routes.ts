import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { sendBytes } from '../../platform/file-reply';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { highFive, progress, tournamentUserImage } from './service';

export async function tournamentRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.tournamentProgress, {}, async (request) =>
    progress(deps, me(request).userId, request.query),
  );

  route(app, ENDPOINTS.tournamentHighFive, {}, async (request) =>
    highFive(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.tournamentImage, { describe: { 200: 'the image bytes' } }, async (request, reply) => {
    const image = await tournamentUserImage(deps, me(request).userId, request.query.image_id);
    // A persona picture never changes under its id.
    return sendBytes(reply, image, 'forever');
  });
}
