import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { listDevices, signOutDevice, signOutOtherDevices } from './service';

/** The member's devices: their own sign-in sessions, each of which they can sign out. */
export async function devicesRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.deviceSessions, {}, async (request) => listDevices(deps, me(request)));
  route(app, ENDPOINTS.revokeDeviceSession, {}, async (request) =>
    signOutDevice(deps, me(request), request.params.session_id),
  );
  route(app, ENDPOINTS.revokeOtherSessions, {}, async (request) => signOutOtherDevices(deps, me(request)));
}
