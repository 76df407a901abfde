import { AppId, MomentType, PrivacySetting } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema';
import type { App } from '../platform/http';
import { call } from './call';
import { signUp, type TestContext, type TestUser } from './harness';

/** A signed-up member who goes by a name that is not their username: the test of "one name" needs one. */
export interface NamedMember extends TestUser {
  alias: string;
}

let aliases = 0;

/**
 * A member with a first and last name, an alias (unique: a suffix keeps each test's own) and a privacy
 * setting, set through the profile's own calls.
 */
export async function namedMember(
  ctx: TestContext,
  first: string,
  last: string,
  aliasStem = `${first}Alias`,
  privacy: number = PrivacySetting.PUBLIC,
): Promise<NamedMember> {
  const user = await signUp(ctx.app);
  aliases += 1;
  const alias = `${aliasStem}${aliases}`;
  for (const body of [{ first_name: first }, { last_name: last }, { alias_add: alias }]) {
    const res = await call(ctx.app, 'updateUser', { headers: user.headers, body });
    expect(res.statusCode, res.body).toBe(200);
  }
  await ctx.deps.db.update(users).set({ privacySetting: privacy }).where(eq(users.id, user.userId));
  return { ...user, alias };
}

/** `from` dares their friend `to` to beat a run: a DARE moment with its distance criterion shown. */
export async function dareFriend(app: App, from: TestUser, to: TestUser) {
  const dare = await call(app, 'createMoment', {
    headers: from.headers,
    body: {
      participants: { friend_ids: [to.userId], community_ids: [] },
      type: MomentType.DARE,
      factor: true,
      bg_app_id: AppId.GOJI_MOVE,
      criteria: [{ name: 'distance', display_name: 'Distance', show: true }],
      message: 'Beat my run',
      session_info: { distance: 5.2, duration: 1800, route: 'park' },
    },
  });
  expect(dare.statusCode, dare.body).toBe(200);
  return dare;
}
