import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

/**
 * Wellbeing mode's one rule (decision 0044): public counts and rankings are left out of what a member in
 * wellbeing mode is answered, on every screen and in every event. Each presenter puts its counts through this.
 */
export function publicCounts<T extends object>(wellbeing: boolean, counts: T): Partial<T> {
  return wellbeing ? {} : counts;
}

/** Whether `userId` is in wellbeing mode. */
export async function wellbeingOf(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.select({ on: users.wellbeingMode }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

/** Whether the member is in wellbeing mode, for a statement that reads it beside what it is about. */
export const wellbeingOfSql = (member: SQLWrapper) =>
  sql<boolean>`coalesce((SELECT ${users.wellbeingMode} FROM ${users} WHERE ${users.id} = ${member}), false)`;
