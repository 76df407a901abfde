import type { SessionRow } from '../../platform/auth/sessions';

/** A sign-in session as the devices list shows it: never its token or the token's hash. */
export function presentDevice(row: SessionRow, currentSessionId: number) {
  return {
    session_id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    user_agent: row.userAgent,
    current: row.id === currentSessionId,
  };
}
