import { AppId, MOMENT_FILTER_APPS, MomentFilter, MomentType, RecipientStatus } from '@orbit/contract';
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { type activitySessions, momentRecipients, moments } from '../../db/schema';
import type { Work } from '../../platform/tx';
import { completeMoment } from './service';

type SessionRow = typeof activitySessions.$inferSelect;

const ACTIVITY_APPS = MOMENT_FILTER_APPS[MomentFilter.ACTIVITIES] ?? [];

/** The applications whose moments a session answers: a game's session (GojiPlay) its games, any other the activities. */
function appsAnsweredBy(session: SessionRow): number[] {
  return session.appId === AppId.GOJI_PLAY ? [AppId.GOJI_PLAY] : ACTIVITY_APPS;
}

/** The session's result on a criterion, as the moment leaderboard ranks it; null for one it does not measure. */
export function scoreOn(criterion: string | undefined, session: SessionRow): number | null {
  switch (criterion) {
    case 'duration':
      return Math.round(session.durationMs / 60_000);
    case 'distance':
      return session.distanceM / 1000;
    case 'calories':
      return session.calories;
    case 'steps':
      return session.steps;
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
export async function completeMomentsBySession(work: Work, session: SessionRow): Promise<void> {
  const open = await work.tx
    .select({ momentId: moments.id, criteria: moments.criteria })
    .from(momentRecipients)
    .innerJoin(moments, eq(moments.id, momentRecipients.momentId))
    .where(
      and(
        eq(momentRecipients.userId, session.userId),
        inArray(momentRecipients.status, [RecipientStatus.PENDING, RecipientStatus.SEEN]),
        or(isNull(momentRecipients.expiresAt), gt(momentRecipients.expiresAt, session.startedAt)),
        inArray(moments.type, [MomentType.DARE, MomentType.SHARE]),
        lte(moments.createdAt, session.startedAt),
        inArray(moments.bgAppId, appsAnsweredBy(session)),
        or(isNull(moments.activityType), eq(moments.activityType, session.activityType)),
      ),
    );
  for (const moment of open) {
    const criterion = moment.criteria.find((c) => c.show) ?? moment.criteria[0];
    await completeMoment(work, moment.momentId, session.userId, scoreOn(criterion?.name, session));
  }
}
