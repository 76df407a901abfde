import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { checkClientVersion, localeFor } from './service';

/** Dictionaries change only with a deploy; a short cache spares every dialog-opening client the fetch. */
const LOCALE_CACHE = 'public, max-age=300';

export async function localeRoutes(app: App, deps: AppDeps) {
  // Both calls come before sign-in: the sign-in screen is translated and the version gate runs first.
  route(app, ENDPOINTS.locale, {}, async (request, reply) => {
    reply.header('cache-control', LOCALE_CACHE);
    return localeFor(request.query.lang);
  });

  route(app, ENDPOINTS.version, {}, async (request) => checkClientVersion(deps.config, request.query.v));
}
