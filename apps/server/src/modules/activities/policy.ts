import { ErrorCode } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { forbidden } from '../../platform/errors';
import { relationOf } from '../faces';

/** A member's activity is theirs and their friends' to see, like their feed (docs/decisions/0012). */
export async function assertMaySeeActivity(db: Queryable, callerId: number, ownerId: number) {
  if (callerId === ownerId) return;
  if (!(await relationOf(db, callerId, ownerId)).isFriend) {
    throw forbidden('Only the member and their friends see this activity', ErrorCode.not_friends);
  }
}
