import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../platform/auth/sessions';
import { notFound } from '../../platform/errors';
import { presentDevice } from './presenter';

type Me = Pick<AuthContext, 'userId' | 'sessionId'>;

export async function listDevices(deps: AppDeps, me: Me) {
  const rows = await deps.sessions.liveOf(deps.db, me.userId);
  return { sessions: rows.map((row) => presentDevice(row, me.sessionId)) };
}

/**
 * Signs out one of the member's devices: its session ends and its sockets close at once, on every instance
 * (the hub publishes the closure on the bus). Another member's session is a 404.
 */
export async function signOutDevice(deps: AppDeps, me: Me, sessionId: number) {
  if (!(await deps.sessions.revokeOwn(deps.db, me.userId, sessionId))) throw notFound('No such session');
  deps.realtime.closeSessions([sessionId]);
  return { ok: true };
}

/** Signs out every device but this one. */
export async function signOutOtherDevices(deps: AppDeps, me: Me) {
  deps.realtime.closeSessions(await deps.sessions.revokeOthers(deps.db, me.userId, me.sessionId));
  return { ok: true };
}
