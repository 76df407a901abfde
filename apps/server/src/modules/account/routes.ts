import { ENDPOINTS } from '@orbit/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { clearSessionCookies } from '../../platform/auth/cookies';
import { me } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors';
import type { App } from '../../platform/http';
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
  // A whole account's files read in one answer: a few a minute.
  route(app, ENDPOINTS.exportAccount, {}, async (request, reply) => {
    reply.header('content-disposition', 'attachment; filename="orbit-export.json"');
    reply.header('cache-control', 'private, no-store');
    return exportAccount(deps, me(request).userId);
  });

  route(app, ENDPOINTS.importAccount, {}, async (request) =>
    importAccount(deps, me(request).userId, await importBody(request)),
  );

  // The password is checked here: guessing it is limited like /user/confirm_password.
  route(app, ENDPOINTS.eraseAccount, {}, async (request, reply) => {
    const result = await eraseAccount(deps, me(request), request.body.password, request.log);
    clearSessionCookies(reply);
    return result;
  });
}
