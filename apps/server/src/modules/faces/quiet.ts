import { clockText, isQuietNow, type QuietHours } from '@orbit/contract';
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from './columns';

type QuietColumns = Pick<UserRow, 'quietStart' | 'quietEnd' | 'timezone'>;

/** A member's quiet hours as the contract names them, or null when off (decision 0044). */
export function quietHoursOf(user: Pick<UserRow, 'quietStart' | 'quietEnd'>): QuietHours | null {
  if (user.quietStart === null || user.quietEnd === null) return null;
  return { start: clockText(user.quietStart), end: clockText(user.quietEnd) };
}

export const isResting = (user: QuietColumns, now = new Date()) =>
  isQuietNow(quietHoursOf(user), user.timezone, now);

/** The members among `userIds` in their quiet hours now: no popup and no sound reaches them. */
export async function restingAmong(db: Queryable, userIds: number[], now = new Date()): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({
      id: users.id,
      quietStart: users.quietStart,
      quietEnd: users.quietEnd,
      timezone: users.timezone,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Set(rows.filter((row) => isResting(row, now)).map((row) => row.id));
}
