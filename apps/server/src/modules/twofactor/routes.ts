import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { route } from '../../platform/route';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, twoFactorStatus } from './service';

/** The member's own two-factor settings; signing in with a code is the auth module's (POST /login/2fa). */
export async function twoFactorRoutes(app: App, deps: AppDeps) {
  // Password and code guesses: as few as the password confirmation takes.
  const guarded = { config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 10) } };
  route(app, ENDPOINTS.twoFactorStatus, {}, async (request) => twoFactorStatus(deps.db, me(request).userId));
  route(app, ENDPOINTS.twoFactorSetup, guarded, async (request) =>
    setUpTwoFactor(deps, me(request).userId, request.body.password),
  );
  route(app, ENDPOINTS.twoFactorEnable, guarded, async (request) =>
    enableTwoFactor(deps, me(request).userId, request.body.code),
  );
  route(app, ENDPOINTS.twoFactorDisable, guarded, async (request) =>
    disableTwoFactor(deps, me(request).userId, request.body.password, request.body.code),
  );
}
