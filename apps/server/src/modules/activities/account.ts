import type { ExportedActivityLog } from '@orbit/contract';
import { asc, eq } from 'drizzle-orm';
import { activityLogs } from '../../db/schema';
import { type AccountPart, insertNew } from '../../platform/account';

type LogRow = typeof activityLogs.$inferSelect;

/** What makes two sessions one: the application's own id when it sent one, else everything it recorded. */
function sessionKey(s: ExportedActivityLog): string {
  if (s.app_id != null && s.external_id != null) return `app:${s.app_id}:${s.external_id}`;
  return [s.activity_type, s.session_type, s.session_kind ?? 0, Date.parse(s.start), s.duration_ms].join(':');
}

function exportedLog(row: LogRow): ExportedActivityLog {
  return {
    activity_type: row.activityType,
    session_type: row.sessionType,
    session_kind: row.sessionKind,
    app_id: row.appId,
    external_id: row.externalId,
    start: row.startedAt.toISOString(),
    duration_ms: row.durationMs,
    calories: row.calories,
    steps: row.steps,
    distance_m: row.distanceM,
  };
}

/**
 * The member's activity logs (decision 0048): exported, and imported as history (no feed post: those were
 * the old account's posts), once each.
 */
export const activitiesAccount: AccountPart = {
  async exportOf(db, userId) {
    const rows = await db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.userId, userId))
      .orderBy(asc(activityLogs.startedAt), asc(activityLogs.id));
    return { activity_logs: rows.map(exportedLog) };
  },

  async importInto(work, userId, document) {
    const items = document.activity_logs ?? [];
    if (items.length === 0) return { activity_logs: 0 };
    const kept = await work.tx.select().from(activityLogs).where(eq(activityLogs.userId, userId));
    const added = await insertNew(items, kept.map(exportedLog).map(sessionKey), sessionKey, (fresh) =>
      work.tx.insert(activityLogs).values(
        fresh.map((s) => ({
          userId,
          activityType: s.activity_type,
          sessionType: s.session_type,
          sessionKind: s.session_kind ?? 0,
          appId: s.app_id ?? null,
          externalId: s.app_id != null ? (s.external_id ?? null) : null,
          startedAt: new Date(s.start),
          durationMs: s.duration_ms,
          calories: s.calories ?? 0,
          steps: s.steps ?? 0,
          distanceM: s.distance_m ?? 0,
        })),
      ),
    );
    return { activity_logs: added };
  },
};
