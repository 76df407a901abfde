import { sql } from 'drizzle-orm';
import { writeWithNextStatement } from '../../db/begin-with-first';
import type { Tx } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { moodHistory } from '../../db/schema';

const insertMood = preparedForAny('mood_history_insert', (db) =>
  db.insert(moodHistory).values({
    userId: sql.placeholder('user'),
    mood: sql.placeholder('mood'),
    setAt: sql`clock_timestamp()`,
  }),
);

/**
 * Keeps a mood the member set, in the transaction that sets users.mood. The caller holds the member's row
 * lock until it commits, so the instant (clock_timestamp, not the transaction's start) orders two devices'
 * changes as applied, though the row goes with the transaction's next statement (decision 0088).
 */
export async function recordMood(tx: Tx, userId: number, mood: number): Promise<void> {
  await writeWithNextStatement(tx, insertMood(tx), { user: userId, mood });
}
