import { EventType, StarType } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, stars, users } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { createTestApp, STAR_FIELDS, signUp, type TestUser, uniqueName } from '../../test/harness';
import { readHome } from '../home/read';
import { homeStarSet } from '../home/star-set';
import { recordInteraction, StarTarget } from './service';

const ctx = await createTestApp();
const { app } = ctx;

const profilesOf = async (user: TestUser) => (await call(app, 'profiles', { headers: user.headers })).json();
const starOf = async (owner: TestUser, userId: number) =>
  (await profilesOf(owner)).stars.find((s) => s.user_id === userId && s.star_type !== StarType.ME);
/**
 * The star as the set is computed now, past the home cache: these tests move interaction dates and scores in
 * the table to stand for time passing, which no event announces (the cache shows it within its lifetime).
 */
const computedStarOf = async (owner: TestUser, userId: number) =>
  (
    await homeStarSet(
      ctx.deps.db,
      ctx.deps.homes.served,
      await readHome(ctx.deps.db, owner.userId, new Date()),
    )
  ).stars.find((s) => s.user_id === userId && s.star_type !== StarType.ME);
const request = (from: TestUser, to: TestUser) =>
  call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });
/** A star's id is text; a pinnable star's is the number of its row, which the route takes (docs/decisions/0035). */
const pin = (user: TestUser, starId: string, action: 'pin' | 'unpin' = 'pin') =>
  call(app, action === 'pin' ? 'pinStar' : 'unpinStar', {
    headers: user.headers,
    params: { id: Number(starId) },
  });
const setInteraction = (owner: TestUser, target: TestUser, daysAgo: number) =>
  ctx.deps.db
    .update(stars)
    .set({ interactionDate: new Date(Date.now() - daysAgo * 86_400_000) })
    .where(and(eq(stars.ownerId, owner.userId), eq(stars.targetId, target.userId)));

describe('the home star set', () => {
  it('shows a sent request as a pending-friend star, and the recipient a REQUESTS star with its count', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    await request(a, b);
    const pending = await starOf(a, b.userId);
    expect(pending).toMatchObject({
      star_type: StarType.PENDING_FRIEND,
      zone: 1,
      size: 1,
      pinned: false,
      name: b.username,
      screen_name: b.username,
      avatar_image: 'av1',
      persona_image: { type: 1, value: 'other' },
      gojimoji: { mood: null, tags: [] },
      community_id: null,
    });
    expect(Object.keys(pending!).sort()).toEqual([...STAR_FIELDS].sort());
    expect(Date.parse(String(pending!.interaction_date))).not.toBeNaN();

    await request(c, b);
    const requestsStar = (await profilesOf(b)).stars.find((s) => s.star_type === StarType.REQUESTS);
    expect(requestsStar).toMatchObject({ zone: 1, size: 2, badge_count: 2, user_id: null });
  });

  it('turns the pending star into a friend star under the same id on accept, for both members', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await request(a, b);
    const pendingId = (await starOf(a, b.userId))!.star_id;
    await request(b, a);
    expect(await starOf(a, b.userId)).toMatchObject({ star_id: pendingId, star_type: StarType.FRIEND });
    expect(await starOf(b, a.userId)).toMatchObject({ star_type: StarType.FRIEND, zone: 1 });
    expect((await profilesOf(b)).stars.some((s) => s.star_type === StarType.REQUESTS)).toBe(false);
  });

  it("shows a private member's avatar identity on a pending star, and the persona once friends", async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const alias = uniqueName('Star').slice(0, 12);
    await ctx.deps.db
      .update(users)
      .set({ privacySetting: 2, alias, moodTags: ['calm'] })
      .where(eq(users.id, b.userId));
    await request(a, b);
    expect(await starOf(a, b.userId)).toMatchObject({
      name: alias,
      screen_name: alias,
      persona_image: null,
      image_url: '/api/v3/avatars/av1.png',
      gojimoji: { mood: null, tags: ['calm'] },
    });
    await request(b, a);
    expect(await starOf(a, b.userId)).toMatchObject({ screen_name: b.username, persona_image: { type: 1 } });
  });

  it('sets the zone from the last interaction and keeps inactive stars (zone 4) in the set', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await request(a, b);
    await request(b, a);
    await setInteraction(a, b, 5);
    expect((await computedStarOf(a, b.userId))!.zone).toBe(2);
    await setInteraction(a, b, 20);
    expect((await computedStarOf(a, b.userId))!.zone).toBe(3);
    await setInteraction(a, b, 60);
    expect((await computedStarOf(a, b.userId))!.zone).toBe(4);
  });

  it('grows a star with repeated interactions', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await request(a, b);
    await request(b, a);
    for (let i = 0; i < 2; i += 1) await recordInteraction(ctx.deps.db, a.userId, StarTarget.USER, b.userId);
    expect((await computedStarOf(a, b.userId))!.size).toBe(2);
    for (let i = 0; i < 6; i += 1) await recordInteraction(ctx.deps.db, a.userId, StarTarget.USER, b.userId);
    expect((await computedStarOf(a, b.userId))!.size).toBe(3);
    expect((await computedStarOf(b, a.userId))!.size).toBe(1);
  });

  it('answers the set last served as last_stars, and pulses the ME star once for a new request', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const first = await profilesOf(b);
    expect(first).toMatchObject({ last_stars: [], me_star_pulse: false });
    await request(a, b);
    const second = await profilesOf(b);
    expect(second.me_star_pulse).toBe(true);
    expect(second.last_stars).toEqual(first.stars);
    const third = await profilesOf(b);
    expect(third.me_star_pulse).toBe(false);
    expect(third.last_stars).toEqual(second.stars);
  });
});

describe('POST /stars/{id}/pin and /unpin', () => {
  it('pins one of my stars into zone 0, announces it, and unpins it back to its zone', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await request(a, b);
    await setInteraction(a, b, 20);
    const star = (await starOf(a, b.userId))!;
    const before = await ctx.deps.db.select().from(events).where(eq(events.recipientId, a.userId));
    const pinned = await pin(a, star.star_id);
    expect(pinned.json()).toEqual({ star_id: star.star_id, pinned: true });
    expect(await starOf(a, b.userId)).toMatchObject({ pinned: true, zone: 0 });
    const after = await ctx.deps.db.select().from(events).where(eq(events.recipientId, a.userId));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)?.type).toBe(EventType.USER_PROFILES);
    expect((await pin(a, star.star_id, 'unpin')).json()).toEqual({ star_id: star.star_id, pinned: false });
    expect(await starOf(a, b.userId)).toMatchObject({ pinned: false, zone: 3 });
  });

  it("answers 404 for another member's star or none, and 400 for a star without a row", async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await request(a, b);
    const star = (await starOf(a, b.userId))!;
    for (const action of ['pin', 'unpin'] as const) {
      const res = await pin(b, star.star_id, action);
      expect([res.statusCode, res.json().error]).toEqual([404, 'not_found']);
    }
    expect((await pin(a, '2000000000')).statusCode).toBe(404);
    const meStar = await call(app, 'pinStar', {
      headers: a.headers,
      params: { id: unchecked(`${StarType.ME}:${a.userId}`) },
    });
    expect(meStar.statusCode).toBe(400);
    expect(await starOf(a, b.userId)).toMatchObject({ pinned: false });
  });
});
