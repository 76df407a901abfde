import { TOURNAMENT_USERS_PER_SIDE } from '@orbit/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { highFive, progress } from './service';

/** What a blocker reads of the tournament, and the high fives a block refuses (decision 0046). */
const ctx = await createTestApp();
const { app, deps } = ctx;
const fx = communityFixtures(ctx);

const FINALS_DAY = new Date('2030-06-25T10:00:00Z');
const AFTER_FINALS = new Date('2030-06-26T09:00:00Z');
const MINUTE = 60_000;

// Walkers has one more active member than a side shows; Rowers one member. The viewer is a Rower.
let walkers: TestUser[] = [];
let rower: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  walkers = await Promise.all(Array.from({ length: TOURNAMENT_USERS_PER_SIDE + 1 }, () => signUp(app)));
  [rower, outsider] = await Promise.all([signUp(app), signUp(app)]);
  await fx.community(walkers[0]!, { name: 'Walkers' }, walkers.slice(1));
  await fx.community(rower, { name: 'Rowers' });
  // The most active first: walkers[0] 60 minutes, walkers[1] 50, and so on; the rower 5.
  await deps.db.insert(activityLogs).values(
    [...walkers, rower].map((user, i) => ({
      userId: user.userId,
      activityType: 1,
      sessionType: 1,
      startedAt: FINALS_DAY,
      durationMs: (i === walkers.length ? 5 : 60 - 10 * i) * MINUTE,
    })),
  );
});

const block = async (by: TestUser, whom: TestUser) =>
  expect(
    (await call(app, 'block', { headers: by.headers, params: { user_id: whom.userId } })).statusCode,
  ).toBe(200);

const finalsAs = async (viewer: TestUser) => {
  const finals = await progress(deps, viewer.userId, { code: 'orbit-2030', round: 2 }, AFTER_FINALS);
  const [pair] = finals.communities;
  return {
    winner: pair!.winner_community_id,
    sides: pair!.participants.map((side) => ({ score: side.score, battle_won: side.battle_won })),
    shown: pair!.participants[0]!.users.map((u) => u.id),
  };
};

describe('the tournament for a blocker', () => {
  it("leaves the blocked member out of their side's most active, the next one in; the bracket unchanged", async () => {
    const before = await finalsAs(outsider);
    expect(before.shown).toEqual(walkers.slice(0, TOURNAMENT_USERS_PER_SIDE).map((u) => u.userId));
    await block(rower, walkers[1]!);
    const blockerSees = await finalsAs(rower);
    expect(blockerSees.shown).toEqual(
      [walkers[0]!, ...walkers.slice(2, TOURNAMENT_USERS_PER_SIDE + 1)].map((u) => u.userId),
    );
    // The communities' scores, battles and winner still count the blocked member's activity: shared.
    expect({ winner: blockerSees.winner, sides: blockerSees.sides }).toEqual({
      winner: before.winner,
      sides: before.sides,
    });
    // Everyone else, the blocked member included, reads the side as before.
    expect((await finalsAs(outsider)).shown).toEqual(before.shown);
    expect((await finalsAs(walkers[1]!)).shown).toEqual(before.shown);
  });

  it('refuses a high five between the two, both ways (403 blocked); others still give theirs', async () => {
    const h5 = (from: TestUser, to: TestUser) =>
      highFive(deps, from.userId, { code: 'orbit-2030', user_id: to.userId }, AFTER_FINALS);
    await block(walkers[2]!, rower);
    await expect(h5(walkers[2]!, rower)).rejects.toMatchObject({ status: 403, code: 'blocked' });
    await expect(h5(rower, walkers[2]!)).rejects.toMatchObject({ status: 403, code: 'blocked' });
    expect(await h5(outsider, rower)).toEqual({ h5: 1 });
  });
});
