import { AppId, MOMENT_FILTER_APPS, MomentFilter, MomentType, RecipientStatus } from '@orbit/contract';
import { and, eq, gt, inArray, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import { type activityLogs, momentRecipients, moments } from '../../db/schema';
import type { Work } from '../../platform/tx';
import { completeMoment } from './service';

type ActivityLogRow = typeof activityLogs.$inferSelect;

const ACTIVITY_APPS = MOMENT_FILTER_APPS[MomentFilter.ACTIVITIES] ?? [];

/** The applications whose moments a session answers: a game's session (GojiPlay) its games, any other the activities. */
export function appsAnsweredBy(appId: number | null): number[] {
  return appId === AppId.GOJI_PLAY ? [AppId.GOJI_PLAY] : ACTIVITY_APPS;
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

/** A session's terms as values, or as the columns of the `activity_logs` row being written. */
interface SessionTerms {
  userId: number | SQLWrapper;
  startedAt: Date | SQLWrapper;
  activityType: number | SQLWrapper;
}

/** The moments open to the session's member that it answers (the rule below), a join of their recipients. */
const answeredBy = (session: SessionTerms, apps: number[] | SQLWrapper) =>
  and(
    eq(momentRecipients.userId, session.userId),
    inArray(momentRecipients.status, [RecipientStatus.PENDING, RecipientStatus.SEEN]),
    or(isNull(momentRecipients.expiresAt), gt(momentRecipients.expiresAt, session.startedAt)),
    inArray(moments.type, [MomentType.DARE, MomentType.SHARE]),
    lte(moments.createdAt, session.startedAt),
    Array.isArray(apps) ? inArray(moments.bgAppId, apps) : sql`${moments.bgAppId} = ANY(${apps}::int[])`,
    or(isNull(moments.activityType), eq(moments.activityType, session.activityType)),
  );

/** A moment a session answers: its id and its criteria. */
export interface AnsweredMoment {
  momentId: number;
  criteria: (typeof moments.$inferSelect)['criteria'];
}

/**
 * The moments the session being written answers, as one JSON value: for the `RETURNING` of the session's
 * insert, so that the write reads them in its own statement (decision 0096). `apps` binds `appsAnsweredBy`.
 */
export const answeredMomentsSql = (session: SessionTerms, apps: SQLWrapper) => {
  const moment = sql`json_build_object('momentId', ${moments.id}, 'criteria', ${moments.criteria})`;
  return sql<AnsweredMoment[]>`(SELECT coalesce(json_agg(${moment}), '[]'::json)
    FROM ${momentRecipients} INNER JOIN ${moments} ON ${moments.id} = ${momentRecipients.momentId}
    WHERE ${answeredBy(session, apps)})`;
};

/**
 * A logged session completes the member's open dares and shares it answers (Orbit's rule, decision 0014):
 * a moment of the session's kind of application, for its activity type or for any, sent before the session
 * and not yet expired, ignored or completed. Its score is the session's result on the moment's shown
 * criterion (or its first). `answered`: those moments, when the session's insert read them.
 */
export async function completeMomentsByActivity(
  work: Work,
  activityLog: ActivityLogRow,
  answered?: AnsweredMoment[],
): Promise<void> {
  const open =
    answered ??
    (await work.tx
      .select({ momentId: moments.id, criteria: moments.criteria })
      .from(momentRecipients)
      .innerJoin(moments, eq(moments.id, momentRecipients.momentId))
      .where(answeredBy(activityLog, appsAnsweredBy(activityLog.appId))));
  for (const moment of open) {
    const criterion = moment.criteria.find((c) => c.show) ?? moment.criteria[0];
    await completeMoment(work, moment.momentId, activityLog.userId, scoreOn(criterion?.name, activityLog));
  }
}
