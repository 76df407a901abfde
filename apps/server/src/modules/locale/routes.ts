import { LocaleQuery, LocaleResponse, VersionQuery, VersionResponse } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import type { App } from '../../platform/http';
import { checkClientVersion, localeFor } from './service';

const tags = ['locale'];
/** Dictionaries change only with a deploy; a short cache spares every dialog-opening client the fetch. */
const LOCALE_CACHE = 'public, max-age=300';

export async function localeRoutes(app: App, deps: AppDeps) {
  // Both calls come before sign-in: the sign-in screen is translated and the version gate runs first.
  app.get(
    '/locale',
    {
      config: { public: true },
      schema: { tags, querystring: LocaleQuery, response: { 200: LocaleResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', LOCALE_CACHE);
      return localeFor(request.query.lang);
    },
  );

  app.get(
    '/gv',
    {
      config: { public: true },
      schema: { tags, querystring: VersionQuery, response: { 200: VersionResponse } },
    },
    async (request) => checkClientVersion(deps.config, request.query.v),
  );
}
