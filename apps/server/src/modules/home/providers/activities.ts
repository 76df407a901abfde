import { AppId, activityName, StarType } from '@orbit/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { activityLogs } from '../../../db/schema';
import { HALF_LIFE_DAYS, sizeOf, ZONE_DAYS, zoneOf } from '../../stars';
import { blankStar } from '../presenter';
import { NOW, OWNER } from '../statements';
import { readingStars } from './types';

/** The most activity and game stars a home view shows: the most recently done ones. */
export const ACTIVITY_STARS_MAX = 6;
/** Sessions older than the last zone's limit would only place a star among the inactive ones. */
const LOOKBACK_DAYS = ZONE_DAYS[ZONE_DAYS.length - 1];

const done = (() => {
  // A literal, not a parameter: the same expression is in SELECT and GROUP BY.
  const game = sql<boolean>`coalesce(${activityLogs.appId} = ${sql.raw(String(AppId.GOJI_PLAY))}, false)`;
  // float8, not numeric (extract's type): numeric power() took about 9 µs a session, a tenth of the home statement.
  const ageDays = sql`extract(epoch from (${NOW}::timestamptz - ${activityLogs.startedAt}))::float8 / 86400`;
  const since = sql`${NOW}::timestamptz - make_interval(days => ${sql.raw(String(LOOKBACK_DAYS))})`;
  const fields = {
    game,
    activityType: activityLogs.activityType,
    sessionType: sql<number>`max(${activityLogs.sessionType})`,
    appId: sql<number | null>`max(${activityLogs.appId})`,
    last: sql<string>`max(${activityLogs.startedAt})`,
    score: sql<number>`sum(power(0.5, greatest(0, ${ageDays}) / ${sql.raw(String(HALF_LIFE_DAYS))}))::float8`,
  };
  return jsonRead(fields, (aliased) =>
    reads
      .select(aliased)
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, OWNER), gte(activityLogs.startedAt, since)))
      .groupBy(game, activityLogs.activityType)
      .orderBy(desc(sql`max(${activityLogs.startedAt})`))
      .limit(ACTIVITY_STARS_MAX * 2),
  );
})();

/**
 * One ACTIVITY star (8) per activity the member did lately, and one GAME star (10) per game played through
 * GojiPlay (app 1). As with every star (docs/decisions/0007): zone from the last session, size from the
 * sessions' score, each adding 1 that halves every 14 days, computed in the same query.
 */
export const activityStars = readingStars(done, ({ owner, now }, rows) => {
  const stars = rows.map((r) => {
    const starType = r.game ? StarType.GAME : StarType.ACTIVITY;
    const last = new Date(r.last);
    return {
      ...blankStar({
        star_id: `${starType}:${r.activityType}`,
        star_type: starType,
        name: activityName(r.activityType),
      }),
      zone: zoneOf(false, last, now),
      size: sizeOf(Number(r.score)),
      interaction_date: last.toISOString(),
      user_id: owner.id,
      activity_type: r.activityType,
      session_type: r.sessionType,
      bg_app_id: r.appId,
    };
  });
  const games = stars.filter((s) => s.star_type === StarType.GAME).slice(0, ACTIVITY_STARS_MAX);
  const activities = stars.filter((s) => s.star_type === StarType.ACTIVITY).slice(0, ACTIVITY_STARS_MAX);
  return { stars: [...games, ...activities] };
});
