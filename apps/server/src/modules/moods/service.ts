import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { moodHistory } from '../../db/schema';

/**
 * Keeps a mood the member set, in the transaction that sets users.mood. The caller holds the member's row
 * lock, so the instant (clock_timestamp, not the transaction's start) orders two devices' changes as applied.
 */
export async function recordMood(tx: Tx, userId: number, mood: number): Promise<void> {
  await tx.insert(moodHistory).values({ userId, mood, setAt: sql`clock_timestamp()` });
}
