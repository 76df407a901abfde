import { ENDPOINTS, isValidAvatarName, passwordProblems } from '@orbit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { clearSessionCookies, sessionCookieOptions, setSessionCookies } from '../../platform/auth/cookies';
import { me } from '../../platform/auth/guard';
import { isCommonPassword } from '../../platform/auth/passwords';
import { unauthorized } from '../../platform/errors';
import { type App, rateLimit } from '../../platform/http';
import { mailContext } from '../../platform/mail';
import { route } from '../../platform/route';
import { challengeOwner } from '../twofactor';
import {
  type Account,
  confirmPassword,
  findAccount,
  isIdentityTaken,
  login,
  loginWithCode,
  register,
  signInKey,
  usernameOf,
} from './service';

export async function authRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  const cookies = sessionCookieOptions(deps.config);
  const setSessionCookie = (reply: FastifyReply, token: string) => setSessionCookies(reply, token, cookies);
  // The handler finds the account first; the limiter keys on it (see signInKey).
  const signInKeys = new WeakMap<FastifyRequest, string>();
  const perAccountLogin = app.createRateLimit({
    ...rateLimit(f, 10, '15 minutes'),
    keyGenerator: (request) => signInKeys.get(request) ?? 'login:',
  });

  // Per account, only failed attempts count: a member who signs in often is never locked out.
  const accountLimited = async (request: FastifyRequest) => {
    const limit = await perAccountLogin(request, { increment: false });
    return !limit.isAllowed && limit.remaining <= 0;
  };
  const tooManyAttempts = (reply: FastifyReply) =>
    reply.status(429).send({ error: 'rate_limited', message: 'Too many sign-in attempts, try again later' });
  /** A refusal counts against the account's bucket once the request names an account (or an identity). */
  const countFailure = (request: FastifyRequest) => async (err: unknown) => {
    if (signInKeys.has(request)) await perAccountLogin(request);
    throw err;
  };

  route(app, ENDPOINTS.register, {}, async (request, reply) => {
    const context = mailContext(request, deps.config);
    const result = await register(deps, request.body, request.auth?.userId ?? null, context);
    return reply.status(201).send(result);
  });

  route(app, ENDPOINTS.login, {}, async (request, reply) => {
    const account: Account | null = await findAccount(deps.db, request.body.identity);
    signInKeys.set(request, signInKey(account, request.body.identity));
    if (await accountLimited(request)) return tooManyAttempts(reply);
    const signIn = await login(deps, account, request.body.password, request.headers['user-agent']).catch(
      countFailure(request),
    );
    // Two-factor sign-in: no session and no cookie until a code answers the challenge.
    if ('challengeToken' in signIn) {
      return { two_factor_required: true as const, challenge_token: signIn.challengeToken };
    }
    setSessionCookie(reply, signIn.token);
    return { user_token: signIn.token };
  });

  route(app, ENDPOINTS.loginTwoFactor, {}, async (request, reply) => {
    const { challenge_token: challengeToken, code } = request.body;
    const owner = await challengeOwner(deps.db, challengeToken);
    // Wrong codes count against the account's sign-in limit, as wrong passwords do.
    if (owner !== null) {
      signInKeys.set(request, signInKey({ id: owner }, ''));
      if (await accountLimited(request)) return tooManyAttempts(reply);
    }
    const { token } = await loginWithCode(deps, challengeToken, code, request.headers['user-agent']).catch(
      countFailure(request),
    );
    setSessionCookie(reply, token);
    return { user_token: token };
  });

  route(app, ENDPOINTS.token, {}, async (request, reply) => {
    const session = await deps.sessions.resolve(deps.db, request.body.user_token);
    if (!session) throw unauthorized('The token is not valid', 'invalid_token');
    setSessionCookie(reply, request.body.user_token);
    return { ok: true };
  });

  // The cheapest authenticated call: the benchmark's floor, and a "who am I" for clients.
  route(app, ENDPOINTS.me, {}, async (request) => ({
    user_id: me(request).userId,
  }));

  route(app, ENDPOINTS.logout, {}, async (request, reply) => {
    const { sessionId } = me(request);
    await deps.sessions.revoke(deps.db, sessionId);
    deps.realtime.closeSessions([sessionId]);
    clearSessionCookies(reply);
    return { ok: true };
  });

  route(app, ENDPOINTS.validatePassword, {}, async (request) => {
    const problems: string[] = passwordProblems(
      request.body.password,
      await usernameOf(deps.db, me(request).userId),
    );
    if (isCommonPassword(request.body.password)) problems.push('common');
    return { valid: problems.length === 0, problems };
  });

  route(app, ENDPOINTS.confirmPassword, {}, async (request) => {
    await confirmPassword(deps, me(request).userId, request.body.password);
    return { ok: true };
  });

  route(app, ENDPOINTS.identityAvailable, {}, async (request) => {
    const name = request.query.identity.trim();
    const valid = isValidAvatarName(name);
    return { valid, available: valid && !(await isIdentityTaken(deps.db, name, me(request).userId)) };
  });
}
