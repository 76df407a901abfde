import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { unauthorized } from '../errors';
import type { PasswordHasher } from './passwords';

/**
 * The spec's password confirmation (/user/confirm_password), for every call that asks for the password again
 * (changing it, setting up or turning off two-factor sign-in): 401 incorrect_password when it does not match.
 */
export async function assertMemberPassword(
  deps: { db: Queryable; hasher: PasswordHasher },
  userId: number,
  password: string,
): Promise<void> {
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!(await deps.hasher.verify(user?.passwordHash ?? null, password))) {
    throw unauthorized('incorrect password', 'incorrect_password');
  }
}
