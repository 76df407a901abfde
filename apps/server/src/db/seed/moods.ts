import { Mood } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import { moodHistory } from '../schema';
import { DEMO_PERSON } from './people';
import type { SeedContext, SeedWorld } from './world';

/** Weeks of moods the demo member has set, so that their mood chart shows something from the first start. */
const DAYS = 42;
const { HAPPY, SAD, DEPRESSED, ANXIOUS, EXCITED } = Mood;
/** Moods of a day with activity, and of a rest day, taken in turn: the demo member feels better for moving. */
const ACTIVE_MOODS = [HAPPY, EXCITED, HAPPY, EXCITED, HAPPY, SAD];
const REST_MOODS = [SAD, HAPPY, ANXIOUS, DEPRESSED, SAD, HAPPY];

const moodArray = (moods: number[]) => sql.raw(`ARRAY[${moods.join(',')}]`);

/**
 * Six weeks of the demo member's moods, in one statement, after the activities: a morning mood on most days
 * and an evening one every third day (of the member's own zone), chosen by whether the member logged activity
 * that day (fixed arithmetic, so runs repeat), and the member's current mood set half an hour ago, the newest.
 */
export async function seedMoods(ctx: SeedContext, world: SeedWorld, now = new Date()): Promise<void> {
  const at = now.toISOString();
  // The member's own days, as their chart counts them.
  const zone = DEMO_PERSON.timezone;
  await ctx.tx.execute(sql`
    INSERT INTO ${moodHistory} (user_id, mood, set_at)
    SELECT ${world.demoUserId},
      CASE WHEN EXISTS (
        SELECT 1 FROM activity_logs a
        WHERE a.user_id = ${world.demoUserId} AND a.started_at >= day_start AND a.started_at < day_start + interval '1 day'
      ) THEN (${moodArray(ACTIVE_MOODS)})[1 + (d.day * 7 + slot) % ${ACTIVE_MOODS.length}]
      ELSE (${moodArray(REST_MOODS)})[1 + (d.day * 5 + slot) % ${REST_MOODS.length}] END,
      day_start + make_interval(hours => 8 + slot * 11, mins => (d.day * 17) % 60)
    FROM generate_series(1, ${DAYS - 1}) AS d(day)
    CROSS JOIN generate_series(0, 1) AS slot
    CROSS JOIN LATERAL (
      SELECT (date_trunc('day', ${at}::timestamptz AT TIME ZONE ${zone}) - make_interval(days => d.day))
        AT TIME ZONE ${zone} AS day_start
    ) s
    WHERE (d.day * 5) % 7 <> 3 AND (slot = 0 OR d.day % 3 = 0)
  `);
  await ctx.tx.insert(moodHistory).values({
    userId: world.demoUserId,
    mood: DEMO_PERSON.mood,
    setAt: new Date(now.getTime() - 30 * 60_000),
  });
}
