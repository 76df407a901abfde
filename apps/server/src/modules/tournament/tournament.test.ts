import {
  AccessType,
  BackgroundType,
  type HighFiveBody,
  StarType,
  type TournamentProgressQuery,
  TournamentUserState,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, tournamentEntries, users } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { highFive, progress } from './service';

const ctx = await createTestApp();
const { app, deps } = ctx;
const fx = communityFixtures(ctx);

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

async function activity(user: TestUser, iso: string, minutes: number) {
  await deps.db.insert(activityLogs).values({
    userId: user.userId,
    activityType: 1,
    sessionType: 1,
    startedAt: at(iso),
    durationMs: minutes * MINUTE,
  });
}

// Season 2030, read as if it were June 2030: two public communities (the larger seeded 1) and a private one.
let [ann, bea, cal, dan]: TestUser[] = [];
let walkers = 0;
let rowers = 0;
const AFTER_FINALS = at('2030-06-26T09:00:00Z');

beforeAll(async () => {
  [ann, bea, cal, dan] = await Promise.all([signUp(app), signUp(app), signUp(app), signUp(app)]);
  walkers = await fx.community(ann!, { name: 'Walkers' }, [bea!]);
  rowers = await fx.community(cal!, { name: 'Rowers' });
  await fx.community(dan!, { name: 'Hidden', accessType: AccessType.PRIVATE });
  await activity(ann!, '2030-06-25T10:00:00Z', 30);
  await activity(bea!, '2030-06-25T11:00:00Z', 5);
  await activity(cal!, '2030-06-25T12:00:00Z', 20);
  // Outside every battle day of the finals (Jun 25 08:00 to Jun 26 08:00 UTC): never counted for them.
  await activity(cal!, '2030-06-25T07:59:00Z', 500);
  await activity(cal!, '2030-06-26T08:00:00Z', 500);
});

describe('GET /tournament/progress', () => {
  it('plays the season from activity: the finals winner, its members and the public communities only', async () => {
    const finals = await progress(deps, bea!.userId, { code: 'orbit-2030', round: 2 }, AFTER_FINALS);
    expect(finals).toMatchObject({ code: 'orbit-2030', year: 2030, over: false, tournament_round: 2 });
    expect(finals.rounds.map((r) => r.state)).toEqual(['over', 'over', 'over', 'over', 'live', 'over']);
    expect(finals.communities).toHaveLength(1);
    const [pair] = finals.communities;
    expect(pair).toMatchObject({ name: 'Walkers', winner_community_id: walkers });
    const [home, away] = pair!.participants;
    expect(home).toMatchObject({ community_id: walkers, seed: 1, score: 35 * MINUTE, battle_won: 1 });
    expect(away).toMatchObject({ community_id: rowers, seed: 2, score: 20 * MINUTE, battle_won: 0 });
    expect(home!.users.map((u) => [u.id, u.score, u.battle_won, u.state])).toEqual([
      [ann!.userId, 30 * MINUTE, 1, TournamentUserState.CHAMPION],
      [bea!.userId, 5 * MINUTE, 1, TournamentUserState.CHAMPION],
    ]);
    expect(away!.users.map((u) => [u.id, u.state])).toEqual([[cal!.userId, TournamentUserState.OUT]]);
    const frozen = await deps.db
      .select()
      .from(tournamentEntries)
      .where(eq(tournamentEntries.seasonYear, 2030));
    expect(frozen.map((e) => e.communityId).sort()).toEqual([walkers, rowers].sort());
  });

  it('shows a bye round as the two communities going through, without empty pairs', async () => {
    const first = await progress(deps, bea!.userId, { code: 'orbit-2030', round: 64 }, AFTER_FINALS);
    expect(first.communities.map((p) => [p.winner_community_id, p.participants.map((s) => s.bye)])).toEqual([
      [walkers, [false, true]],
      [rowers, [false, true]],
    ]);
  });

  it('leaves the finals TBD on their day and defaults to the round under way', async () => {
    const live = await progress(deps, bea!.userId, {}, at('2030-06-25T20:00:00Z'));
    expect(live.tournament_round).toBe(4);
    const finals = await progress(deps, bea!.userId, { round: 2 }, at('2030-06-25T20:00:00Z'));
    expect(finals.communities[0]).toMatchObject({ name: null, winner_community_id: null });
  });

  it('has no entrants in a season that ended before any draw', async () => {
    const old = await progress(deps, bea!.userId, { code: 'orbit-2020' }, AFTER_FINALS);
    expect(old).toMatchObject({ over: true, communities: [] });
  });

  it('answers the current season through the route and refuses unknown seasons and rounds', async () => {
    const get = (query: TournamentProgressQuery = {}) =>
      call(app, 'tournamentProgress', { headers: ann!.headers, query });
    const current = await get();
    expect(current.statusCode).toBe(200);
    expect(current.json().code).toMatch(/^orbit-\d{4}$/);
    expect((await get({ code: 'orbit-2019' })).json()).toMatchObject({ error: 'not_found' });
    expect((await get({ code: 'orbit-2999' })).statusCode).toBe(404);
    expect((await get({ code: 'nonsense' })).statusCode).toBe(404);
    expect((await get({ round: unchecked(7) })).json()).toMatchObject({ error: 'validation' });
    expect((await get({ round: 8 })).json().tournament_round).toBe(8);
    expect((await call(app, 'tournamentProgress')).statusCode).toBe(401);
  });
});

describe('the tournament star', () => {
  const bgStars = async (user: TestUser) => {
    const profiles = await call(app, 'profiles', { headers: user.headers });
    return profiles.json().stars.filter((star) => star.star_type === StarType.BG);
  };

  it('orbits for members of a public community only', async () => {
    expect(await bgStars(bea!)).toEqual([expect.objectContaining({ type: BackgroundType.TOURNAMENT })]);
    expect(await bgStars(dan!)).toEqual([]);
  });
});

describe('PUT /tournament/user/h5', () => {
  const h5 = (from: TestUser, userId: number, code = 'orbit-2030', now = AFTER_FINALS) =>
    highFive(deps, from.userId, { code, user_id: userId }, now);

  it('counts one high five per member and season, shown on the progress', async () => {
    expect(await h5(bea!, ann!.userId)).toEqual({ h5: 1 });
    expect(await h5(bea!, ann!.userId)).toEqual({ h5: 1 });
    expect(await h5(cal!, ann!.userId)).toEqual({ h5: 2 });
    const finals = await progress(deps, bea!.userId, { code: 'orbit-2030', round: 2 }, AFTER_FINALS);
    expect(finals.communities[0]!.participants[0]!.users[0]).toMatchObject({
      id: ann!.userId,
      h5: 2,
      high_fived: true,
    });
  });

  it('leaves the counts out for a member in wellbeing mode, in the progress and the answer (decision 0044)', async () => {
    await deps.db.update(users).set({ wellbeingMode: true }).where(eq(users.id, cal!.userId));
    try {
      expect(await h5(cal!, ann!.userId)).toEqual({});
      const finals = await progress(deps, cal!.userId, { code: 'orbit-2030', round: 2 }, AFTER_FINALS);
      const shown = finals.communities.flatMap((c) => c.participants.flatMap((side) => side.users));
      expect(shown.length).toBeGreaterThan(0);
      for (const user of shown) expect(user).not.toHaveProperty('h5');
      // Everyone else still sees them.
      const others = await progress(deps, bea!.userId, { code: 'orbit-2030', round: 2 }, AFTER_FINALS);
      expect(others.communities[0]!.participants[0]!.users[0]).toHaveProperty('h5');
    } finally {
      await deps.db.update(users).set({ wellbeingMode: false }).where(eq(users.id, cal!.userId));
    }
  });

  it('refuses yourself, members of no entered community, unknown and finished seasons', async () => {
    await expect(h5(ann!, ann!.userId)).rejects.toMatchObject({ status: 400, code: 'own_high_five' });
    await expect(h5(ann!, dan!.userId)).rejects.toMatchObject({ status: 404 });
    await expect(h5(ann!, bea!.userId, 'orbit-2031')).rejects.toMatchObject({ status: 404 });
    await expect(h5(ann!, bea!.userId, 'orbit-2029')).rejects.toMatchObject({
      status: 400,
      code: 'tournament_over',
    });
    const put = (body: HighFiveBody) => call(app, 'tournamentHighFive', { headers: ann!.headers, body });
    expect((await put(unchecked({ code: 'orbit-2030' }))).json()).toMatchObject({ error: 'validation' });
    expect((await put({ code: 'orbit-2019', user_id: bea!.userId })).statusCode).toBe(404);
    expect((await put({ code: 'orbit-2026', user_id: ann!.userId })).json()).toMatchObject({
      error: 'own_high_five',
    });
  });

  it('serves only persona pictures as tournament user images', async () => {
    const image = await call(app, 'tournamentImage', { headers: ann!.headers, query: { image_id: 424242 } });
    expect(image.statusCode).toBe(404);
  });
});
