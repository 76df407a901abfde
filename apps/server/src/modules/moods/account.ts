import type { ExportedMood } from '@orbit/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { moodHistory, users } from '../../db/schema';
import { type AccountPart, insertNew } from '../../platform/account';

const moodKey = (mood: number, setAt: Date) => `${mood}@${setAt.getTime()}`;

/** Every mood the member set (decision 0048): exported, and imported without repeating one already kept. */
export const moodsAccount: AccountPart = {
  async exportOf(db, userId) {
    const rows = await db
      .select({ mood: moodHistory.mood, setAt: moodHistory.setAt })
      .from(moodHistory)
      .where(eq(moodHistory.userId, userId))
      .orderBy(asc(moodHistory.setAt), asc(moodHistory.id));
    const history: ExportedMood[] = rows.map((r) => ({ mood: r.mood, set_at: r.setAt.toISOString() }));
    return { mood_history: history };
  },

  async importInto(work, userId, document) {
    const items = document.mood_history ?? [];
    if (items.length === 0) return { mood_history: 0 };
    const kept = await work.tx
      .select({ mood: moodHistory.mood, setAt: moodHistory.setAt })
      .from(moodHistory)
      .where(eq(moodHistory.userId, userId));
    const added = await insertNew(
      items,
      kept.map((r) => moodKey(r.mood, r.setAt)),
      (item) => moodKey(item.mood, new Date(item.set_at)),
      (fresh) =>
        work.tx
          .insert(moodHistory)
          .values(fresh.map((item) => ({ userId, mood: item.mood, setAt: new Date(item.set_at) }))),
    );
    // A new account without a mood takes the latest imported one (kept already: no history row of its own).
    const latest = [...items].sort((a, b) => Date.parse(a.set_at) - Date.parse(b.set_at)).at(-1);
    if (latest) {
      await work.tx
        .update(users)
        .set({ mood: latest.mood })
        .where(and(eq(users.id, userId), isNull(users.mood)));
    }
    return { mood_history: added };
  },
};
