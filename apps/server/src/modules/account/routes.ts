import { ENDPOINTS, LIMITS } from '@orbit/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { clearSessionCookies } from '../../platform/auth/cookies';
import { me } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors';
import { type App, rateLimit } from '../../platform/http';
import { readingMultipart } from '../../platform/multipart';
import { route } from '../../platform/route';
import { eraseAccount, exportAccount, importAccount } from './service';

/** An import's document: the JSON body, or the one file of a multipart form (the downloaded export). */
async function importBody(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const text = await readingMultipart(async () => {
    const file = await request.file();
    if (!file) throw badRequest('invalid_import', 'Send the export as the form file');
    return (await file.toBuffer()).toString('utf8');
  });
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('invalid_import', 'The file is not JSON');
  }
}

export async function accountRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;

  // A whole account's files read in one answer: a few a minute.
  route(app, ENDPOINTS.exportAccount, { config: { rateLimit: rateLimit(f, 5) } }, async (request, reply) => {
    reply.header('content-disposition', 'attachment; filename="orbit-export.json"');
    reply.header('cache-control', 'private, no-store');
    return exportAccount(deps, me(request).userId);
  });

  // An export's personal part can hold years of sessions and moods: more than an ordinary JSON body.
  const bodyLimit = LIMITS.uploadBytes;
  route(
    app,
    ENDPOINTS.importAccount,
    { bodyLimit, config: { rateLimit: rateLimit(f, 10) } },
    async (request) => importAccount(deps, me(request).userId, await importBody(request)),
  );

  // The password is checked here: guessing it is limited like /user/confirm_password.
  route(app, ENDPOINTS.eraseAccount, { config: { rateLimit: rateLimit(f, 10) } }, async (request, reply) => {
    const result = await eraseAccount(deps, me(request), request.body.password, request.log);
    clearSessionCookies(reply);
    return result;
  });
}
