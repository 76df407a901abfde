import { ENDPOINTS } from '@orbit/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { type App, rateLimit } from '../../platform/http';
import { mailContext } from '../../platform/mail';
import { route } from '../../platform/route';
import { normalizeIdentity } from '../auth';
import { afterReply, resetPassword, sendResetLink } from './service';

export async function passwordsRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  // Keyed on the identity as sign-in reads it, whether or not an account has it: the limit tells nothing.
  const perIdentity = app.createRateLimit({
    ...rateLimit(f, 3, '1 hour'),
    keyGenerator: (request: FastifyRequest) =>
      `forgot:${normalizeIdentity((request.body as { identity: string }).identity)}`,
  });

  route(app, ENDPOINTS.forgotPassword, {}, async (request, reply) => {
    const limit = await perIdentity(request);
    if (!limit.isAllowed && limit.isExceeded) {
      return reply
        .status(429)
        .send({ error: 'rate_limited', message: 'Too many reset requests, try again later' });
    }
    const context = mailContext(request, deps.config);
    // Looked up and mailed after the reply: known and unknown identities answer the same, as fast.
    afterReply(
      sendResetLink(deps, request.body.identity, context).catch((err) =>
        request.log.error({ err }, 'reset link not queued'),
      ),
    );
    return reply.status(202).send({ ok: true });
  });

  route(app, ENDPOINTS.resetPassword, {}, async (request) => {
    const { token, password } = request.body;
    await resetPassword(deps, token, password, mailContext(request, deps.config));
    return { ok: true };
  });
}
