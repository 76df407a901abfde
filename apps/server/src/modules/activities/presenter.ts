import {
  type ActivitySession,
  activityName,
  STROKES_SESSION_TYPE,
  UNITS,
  UnitPreference,
} from '@orbit/contract';
import type { activityLogs } from '../../db/schema';

export type ActivityLogRow = typeof activityLogs.$inferSelect;

export type DistanceUnit = 'km' | 'mile';

/** unit_preference 1 reads miles, 2 kilometres (docs/product/activities-and-leaderboards.md#history). */
export const unitOf = (unitPreference: number): DistanceUnit =>
  unitPreference === UnitPreference.METRIC ? 'km' : 'mile';

/** Metres in the member's unit, two decimals. */
export function distanceIn(metres: number, unit: DistanceUnit): number {
  const km = metres / 1000;
  return Math.round((unit === 'km' ? km : km * UNITS.miPerKm) * 100) / 100;
}

/** A distance as sent (km or miles) in whole metres, as the sessions table keeps it. */
export function metresOf(distance: number | undefined, unit: DistanceUnit | undefined): number {
  if (distance === undefined) return 0;
  const km = unit === 'mile' ? distance / UNITS.miPerKm : distance;
  return Math.round(km * 1000);
}

/** A session as its member (or a friend) sees it: steps or strokes, distance in the viewer's unit. */
export function presentActivityLog(
  row: ActivityLogRow,
  unitPreference: number,
  feedId: number | null,
): ActivitySession {
  const strokes = row.sessionType === STROKES_SESSION_TYPE;
  const unit = unitOf(unitPreference);
  return {
    id: row.id,
    user_id: row.userId,
    activity_type: row.activityType,
    activity_name: activityName(row.activityType),
    session_type: row.sessionType,
    session_kind: row.sessionKind,
    app_id: row.appId,
    external_id: row.externalId,
    start: row.startedAt.toISOString(),
    duration_ms: row.durationMs,
    calories: row.calories,
    steps: strokes ? null : row.steps,
    strokes: strokes ? row.steps : null,
    distance: distanceIn(row.distanceM, unit),
    distance_unit: unit,
    feed_id: feedId,
  };
}
