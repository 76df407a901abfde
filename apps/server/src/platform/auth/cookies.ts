import { SIGNED_IN_COOKIE } from '@orbit/contract';
import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'session';

export interface SessionCookieOptions {
  /** PUBLIC_URL is https: every cookie is Secure, whatever the request came over. */
  secure: boolean;
  maxAgeMs: number;
}

/** From the app's configuration: https when its public address is, and the sessions' lifetime. */
export const sessionCookieOptions = (config: {
  publicUrl: string | null;
  sessionMaxMs: number;
}): SessionCookieOptions => ({
  secure: config.publicUrl?.startsWith('https:') ?? false,
  maxAgeMs: config.sessionMaxMs,
});

/**
 * A cookie is Secure when the app is served over https: PUBLIC_URL says so, or this request came over https,
 * directly or through a proxy TRUST_PROXY trusts (Fastify reads X-Forwarded-Proto from those only).
 */
const cookieOptions = (reply: FastifyReply, { secure, maxAgeMs }: SessionCookieOptions) =>
  ({
    sameSite: 'lax',
    path: '/',
    secure: secure || reply.request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  }) as const;

/**
 * The readable SIGNED_IN_COOKIE beside the session's httpOnly one: it tells the page that a session is there
 * to ask with, and nothing else, so that a signed-out page asks for no member's data (docs/decisions/0042).
 */
export function setSignedInCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.setCookie(SIGNED_IN_COOKIE, '1', cookieOptions(reply, options));
}

/** A browser's session: the token, which no script may read, and the signed-in mark beside it. */
export function setSessionCookies(reply: FastifyReply, token: string, options: SessionCookieOptions): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(reply, options), httpOnly: true });
  setSignedInCookie(reply, options);
}

/** The session is over in this browser (signed out, erased, or no longer valid): both cookies go. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** The cookies a browser holds for a session token, as a benchmark hands them to its browser. */
export const browserSessionCookies = (token: string, url: string) => [
  { name: SESSION_COOKIE, value: token, url },
  { name: SIGNED_IN_COOKIE, value: '1', url },
];
