import { SIGNED_IN_COOKIE } from '@orbit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { forbidden, unauthorized } from '../errors';
import { clearSessionCookies, SESSION_COOKIE, type SessionCookieOptions, setSignedInCookie } from './cookies';
import type { AuthContext, SessionStore } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** A route that answers without a session (sign-in, registration, locale, version, static files). */
    public?: boolean;
  }
}

export { SESSION_COOKIE } from './cookies';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** The app's own origin: PUBLIC_URL when set, otherwise the request's own host and scheme. */
export function ownOrigin(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/** The Origin, or without one the Referer's origin, of a request; null when it carries neither. */
export function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * The signed-in mark follows the session cookie: a cookie that no longer names a session (it ended elsewhere,
 * or expired) takes the mark with it, so the next load asks for nothing; a session from before the mark
 * existed gets it on its next call.
 */
function keepSignedInMark(request: FastifyRequest, reply: FastifyReply, cookies: SessionCookieOptions): void {
  if (request.auth?.via === 'bearer' || request.cookies[SESSION_COOKIE] === undefined) return;
  if (!request.auth) clearSessionCookies(reply);
  else if (request.cookies[SIGNED_IN_COOKIE] === undefined) setSignedInCookie(reply, cookies);
}

export function registerAuthGuard(
  app: FastifyInstance,
  deps: { db: Db; sessions: SessionStore; publicUrl: string | null; cookies: SessionCookieOptions },
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    // A probe answers whatever the database says: no session lookup to fail or to wait on (decision 0055).
    if (config?.operational) return;
    const token = bearer(request) ?? request.cookies[SESSION_COOKIE] ?? null;
    const via = bearer(request) ? 'bearer' : 'cookie';
    if (token) {
      const session = await deps.sessions.resolve(deps.db, token);
      if (session) request.auth = { ...session, via };
    }
    keepSignedInMark(request, reply, deps.cookies);
    if (config?.public) return;
    if (!request.routeOptions.url) return; // unknown route: let the 404 handler answer
    if (!request.auth) throw unauthorized();
    if (request.auth.via === 'cookie' && UNSAFE.has(request.method)) {
      if (requestOrigin(request) !== ownOrigin(request, deps.publicUrl)) {
        throw forbidden('Request refused: it did not come from the app', 'bad_origin');
      }
    }
  });
}

/** The signed-in member of a route that is not public (the guard has already refused the rest). */
export function me(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
