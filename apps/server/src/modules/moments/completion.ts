import { AppId, MOMENT_FILTER_APPS, MomentFilter, MomentType, RecipientStatus } from '@orbit/contract';
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { type activityLogs, momentRecipients, moments } from '../../db/schema';
import type { Work } from '../../platform/tx';
import { completeMoment } from './service';

type ActivityLogRow = typeof activityLogs.$inferSelect;

const ACTIVITY_APPS = MOMENT_FILTER_APPS[MomentFilter.ACTIVITIES] ?? [];

/** The applications whose moments a session answers: a game's session (GojiPlay) its games, any other the activities. */
function appsAnsweredBy(activityLog: ActivityLogRow): number[] {
  return activityLog.appId === AppId.GOJI_PLAY ? [AppId.GOJI_PLAY] : ACTIVITY_APPS;
}

/** The session's result on a criterion, as the moment leaderboard ranks it; null for one it does not measure. */
export function scoreOn(criterion: string | undefined, activityLog: ActivityLogRow): number | null {
  switch (criterion) {
    case 'duration':
      return Math.round(activityLog.durationMs / 60_000);
    case 'distance':
      return activityLog.distanceM / 1000;
    case 'calories':
      return activityLog.calories;
    case 'steps':
      return activityLog.steps;
    default:
      return null;
  }
}

/**
 * A logged session completes the member's open dares and shares it answers (Orbit's rule, decision 0014):
 * a moment of the session's kind of application, for its activity type or for any, sent before the session
 * and not yet expired, ignored or completed. Its score is the session's result on the moment's shown
 * criterion (or its first).
 */
export async function completeMomentsByActivity(work: Work, activityLog: ActivityLogRow): Promise<void> {
  const open = await work.tx
    .select({ momentId: moments.id, criteria: moments.criteria })
    .from(momentRecipients)
    .innerJoin(moments, eq(moments.id, momentRecipients.momentId))
    .where(
      and(
        eq(momentRecipients.userId, activityLog.userId),
        inArray(momentRecipients.status, [RecipientStatus.PENDING, RecipientStatus.SEEN]),
        or(isNull(momentRecipients.expiresAt), gt(momentRecipients.expiresAt, activityLog.startedAt)),
        inArray(moments.type, [MomentType.DARE, MomentType.SHARE]),
        lte(moments.createdAt, activityLog.startedAt),
        inArray(moments.bgAppId, appsAnsweredBy(activityLog)),
        or(isNull(moments.activityType), eq(moments.activityType, activityLog.activityType)),
      ),
    );
  for (const moment of open) {
    const criterion = moment.criteria.find((c) => c.show) ?? moment.criteria[0];
    await completeMoment(work, moment.momentId, activityLog.userId, scoreOn(criterion?.name, activityLog));
  }
}
