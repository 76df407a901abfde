import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, twoFactorStatus } from './service';

/** The member's own two-factor settings; signing in with a code is the auth module's (POST /login/2fa). */
export async function twoFactorRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.twoFactorStatus, {}, async (request) => twoFactorStatus(deps.db, me(request).userId));
  route(app, ENDPOINTS.twoFactorSetup, {}, async (request) =>
    setUpTwoFactor(deps, me(request).userId, request.body.password),
  );
  route(app, ENDPOINTS.twoFactorEnable, {}, async (request) =>
    enableTwoFactor(deps, me(request).userId, request.body.code),
  );
  route(app, ENDPOINTS.twoFactorDisable, {}, async (request) =>
    disableTwoFactor(deps, me(request).userId, request.body.password, request.body.code),
  );
}
