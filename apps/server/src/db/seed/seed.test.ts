import {
  AVATAR_IDS,
  isValidAvatarName,
  isValidIdentityName,
  isValidPassword,
  OrgRole,
  PROFILE_RANGES,
  StarType,
} from '@orbit/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../platform/auth/passwords';
import { call } from '../../test/call';
import { createTestApp, type TestContext } from '../../test/harness';
import { bearer, sessionToken } from '../../test/sign-in';
import { organizationMembers, organizations, users } from '../schema';
import { generatePassword, signInUrl } from './credentials';
import { seedDemoWorld } from './index';
import { DEMO_ORGANISATION } from './organisation';
import { DEMO_EMAIL, DEMO_PEOPLE, DEMO_PERSON } from './people';

const DEMO_PASSWORD = 'Comet-trail-2026';

async function seedAndCapture(ctx: TestContext) {
  const lines: string[] = [];
  const seeded = await seedDemoWorld(ctx.deps, (line) => lines.push(line));
  return { seeded, log: lines.join('\n') };
}

function signIn(ctx: TestContext, identity: string, password: string) {
  return call(ctx.app, 'login', { body: { identity, password } });
}

/** The demo member's headers, signed in with DEMO_PASSWORD. */
const demoHeaders = async (ctx: TestContext) =>
  bearer(sessionToken(await signIn(ctx, DEMO_EMAIL, DEMO_PASSWORD)));

async function tableCounts(ctx: TestContext) {
  const [[u], [o], [m]] = await Promise.all([
    ctx.deps.db.select({ n: count() }).from(users),
    ctx.deps.db.select({ n: count() }).from(organizations),
    ctx.deps.db.select({ n: count() }).from(organizationMembers),
  ]);
  return { users: u.n, organizations: o.n, memberships: m.n };
}

describe('the demo world on an empty database', async () => {
  const ctx = await createTestApp({ demoPassword: DEMO_PASSWORD });
  const first = await seedAndCapture(ctx);

  it('seeds it and prints the sign-in line naming DEMO_PASSWORD, never its value', () => {
    expect(first.seeded).toBe(true);
    expect(first.log).toContain(
      `Orbit demo world ready. Sign in at ${signInUrl(ctx.deps.config)} as demo@orbit.local with the password set in DEMO_PASSWORD`,
    );
    expect(first.log).not.toContain(DEMO_PASSWORD);
  });

  it('lets the demo account sign in with DEMO_PASSWORD, by email and by username', async () => {
    expect((await signIn(ctx, DEMO_EMAIL, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(ctx, 'demo', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(ctx, DEMO_EMAIL, `${DEMO_PASSWORD}x`)).statusCode).toBe(401);
  });

  it('gives the demo member a living home view: friends in every zone, pending friends and requests', async () => {
    const headers = await demoHeaders(ctx);
    const res = await call(ctx.app, 'profiles', { headers });
    const stars = res.json().stars;
    const friends = stars.filter((s) => s.star_type === StarType.FRIEND);
    expect(friends.length).toBeGreaterThanOrEqual(12);
    expect(new Set(friends.map((s) => s.zone))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(friends.map((s) => s.size))).toEqual(new Set([1, 2, 3]));
    expect(stars.filter((s) => s.star_type === StarType.PENDING_FRIEND)).toHaveLength(2);
    expect(stars.some((s) => s.star_type === StarType.REQUESTS)).toBe(true);
  });

  it('gives the demo member a year of varied activity: history, this week, activity posts and stars', async () => {
    const headers = await demoHeaders(ctx);
    const year = new Date().getUTCFullYear();
    const history = (
      await call(ctx.app, 'activityHistory', { headers, query: { year, group_by: 'activity' } })
    ).json();
    expect(history.activities.length).toBeGreaterThanOrEqual(3);
    // Every month of this year before this one has activity.
    const active = history.activities_by_month.filter((m) => m.total_duration_millis > 0);
    expect(active.length).toBeGreaterThanOrEqual(new Date().getUTCMonth());
    const feed = (await call(ctx.app, 'userFeeds', { headers })).json().user_feeds;
    expect(feed.some((post) => post.type === 2)).toBe(true);
    const board = (await call(ctx.app, 'leaderboard', { headers, query: { global: true } })).json().scores;
    expect(board.length).toBeGreaterThan(10);
    const stars = (await call(ctx.app, 'profiles', { headers })).json().stars;
    expect(stars.some((s) => s.star_type === StarType.ACTIVITY)).toBe(true);
  });

  it('gives the demo member weeks of moods against their activity, the current mood set last', async () => {
    const headers = await demoHeaders(ctx);
    const res = await call(ctx.app, 'moodInsights', { headers, query: { days: 30 } });
    const days = res.json().days;
    expect(days.filter((d) => d.moods.length > 0).length).toBeGreaterThanOrEqual(20);
    expect(days.filter((d) => d.active_minutes > 0).length).toBeGreaterThanOrEqual(10);
    expect(days.flatMap((d) => d.moods).at(-1)).toBe(DEMO_PERSON.mood);
    expect(Object.values(res.json().summary).every((mood) => mood !== null)).toBe(true);
  });

  it('gives the demo member incentive plans with progress, a madness history and surveys to answer', async () => {
    const headers = await demoHeaders(ctx);
    const plans = (await call(ctx.app, 'incentivePlans', { headers })).json().plans;
    expect(plans.length).toBe(2);
    const balances = await Promise.all(
      plans.map(
        async (p) =>
          (
            await call(ctx.app, 'incentiveDetails', {
              headers,
              query: { incentive_plan_id: p.incentive_plan_id },
            })
          ).json().current_balance,
      ),
    );
    expect(balances.every((b) => b > 0)).toBe(true);
    const madness = plans.find((p) => p.community !== null);
    const coins = (
      await call(ctx.app, 'incentiveHistorySummary', {
        headers,
        query: { community_id: madness!.community!.community_id },
      })
    ).json();
    expect(coins.total_amount).toBeGreaterThan(0);
    const surveys = (await call(ctx.app, 'surveys', { headers })).json().surveys;
    expect(new Set(surveys.map((s) => s.response_state))).toEqual(new Set([1, 3]));
    const stars = (await call(ctx.app, 'profiles', { headers })).json().stars;
    expect(stars.some((s) => s.star_type === StarType.SURVEYS)).toBe(true);
    expect(stars.some((s) => s.star_type === StarType.INCENTIVE)).toBe(true);
  });

  it('gives the demo member community stars of every star type and an invite star', async () => {
    const headers = await demoHeaders(ctx);
    const res = await call(ctx.app, 'profiles', { headers });
    const stars = res.json().stars;
    const communityTypes = [
      StarType.COMMUNITY_USER_CREATED,
      StarType.COMMUNITY_SYSTEM,
      StarType.COMMUNITY_GAME,
      StarType.COMMUNITY_INNER_CIRCLE,
    ] as number[];
    const communityStars = stars.filter((s) => communityTypes.includes(s.star_type));
    expect(new Set(communityStars.map((s) => s.star_type))).toEqual(new Set(communityTypes));
    expect(stars.filter((s) => s.star_type === StarType.COMMUNITY_INVITE)).toHaveLength(1);
    const list = await call(ctx.app, 'communities', { headers });
    const entries = list.json().communities;
    expect(entries.filter((c) => c.roles.includes(1)).length).toBeGreaterThanOrEqual(4);
    expect(new Set(entries.map((c) => c.tc_kind))).toEqual(new Set([null, 1, 2]));
    expect(new Set(entries.map((c) => c.access_type))).toEqual(new Set([1, 2]));
  });

  it('makes the demo account an admin (role 2) of the open Orbit Demo organisation', async () => {
    const [org] = await ctx.deps.db.select().from(organizations);
    expect(org).toMatchObject({ name: DEMO_ORGANISATION, registrationOpen: true });
    const [demo] = await ctx.deps.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        roles: organizationMembers.orgRoles,
      })
      .from(users)
      .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(eq(users.email, DEMO_EMAIL));
    expect(demo).toMatchObject({
      firstName: 'Dana',
      lastName: 'Rivera',
      roles: [OrgRole.ADMIN, OrgRole.MEMBER],
    });
  });

  it('puts about 30 more members in the organisation as ordinary members, some of them private', async () => {
    const rows = await ctx.deps.db
      .select({ email: users.email, roles: organizationMembers.orgRoles, privacy: users.privacySetting })
      .from(users)
      .innerJoin(organizationMembers, eq(organizationMembers.userId, users.id));
    const others = rows.filter((row) => row.email !== DEMO_EMAIL);
    expect(others.length).toBeGreaterThanOrEqual(30);
    expect(others.every((row) => row.roles.length === 1 && row.roles[0] === OrgRole.MEMBER)).toBe(true);
    expect(others.some((row) => row.privacy === 2)).toBe(true);
  });

  it('fills the demo profile', async () => {
    const [demo] = await ctx.deps.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    expect(demo).toMatchObject({ username: 'demo', alias: DEMO_PERSON.alias, mood: DEMO_PERSON.mood });
    for (const field of [
      'avatarImage',
      'heightMeter',
      'weightKg',
      'dateOfBirth',
      'state',
      'timezone',
    ] as const) {
      expect(demo[field]).toBeTruthy();
    }
    expect(demo.moodTags.length).toBeGreaterThan(0);
    expect(demo.dateOfBirth).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('seeds nothing on a later start and prints the sign-in line again', async () => {
    const before = await tableCounts(ctx);
    const again = await seedAndCapture(ctx);
    expect(again.seeded).toBe(false);
    expect(await tableCounts(ctx)).toEqual(before);
    expect(again.log).toContain('as demo@orbit.local with the password set in DEMO_PASSWORD');
    expect(again.log).not.toContain(DEMO_PASSWORD);
  });
});

/** A whole demo world seeded in a test: 20 s on PGlite beside the journeys, past the default 30 s once (0062). */
const SEEDING_MS = 120_000;

describe('the demo world without DEMO_PASSWORD', async () => {
  const ctx = await createTestApp({ demoPassword: null });

  it('prints a generated password once that signs in, and never prints it again', {
    timeout: SEEDING_MS,
  }, async () => {
    const first = await seedAndCapture(ctx);
    const password = /with password (\S+)/.exec(first.log)?.[1];
    expect(password).toBeDefined();
    expect((await signIn(ctx, DEMO_EMAIL, password!)).statusCode).toBe(200);
    const later = await seedAndCapture(ctx);
    expect(later.log).toContain('Orbit demo world ready. Sign in at');
    expect(later.log).not.toContain(password);
  });
});

describe('two instances starting on one empty database', async () => {
  const ctx = await createTestApp({ demoPassword: DEMO_PASSWORD });

  it('seed it once', { timeout: SEEDING_MS }, async () => {
    const results = await Promise.all([seedAndCapture(ctx), seedAndCapture(ctx)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect((await tableCounts(ctx)).organizations).toBe(1);
  });
});

describe('the demo members', () => {
  const everyone = [DEMO_PERSON, ...DEMO_PEOPLE];

  it('have names that pass the username and avatar-name rules, all different', () => {
    expect(everyone.filter((p) => !isValidIdentityName(p.username)).map((p) => p.username)).toEqual([]);
    expect(everyone.filter((p) => !isValidAvatarName(p.alias)).map((p) => p.alias)).toEqual([]);
    const lower = (names: string[]) => new Set(names.map((name) => name.toLowerCase())).size;
    expect(lower(everyone.map((p) => p.username))).toBe(everyone.length);
    expect(lower(everyone.map((p) => p.alias))).toBe(everyone.length);
  });

  it('have preset avatars and heights and weights inside the profile ranges', () => {
    for (const person of everyone) {
      expect(AVATAR_IDS).toContain(person.avatar);
      expect(person.heightCm).toBeGreaterThanOrEqual(PROFILE_RANGES.heightCm.min);
      expect(person.heightCm).toBeLessThanOrEqual(PROFILE_RANGES.heightCm.max);
      expect(person.weightKg).toBeGreaterThanOrEqual(PROFILE_RANGES.weightKg.min);
      expect(person.weightKg).toBeLessThanOrEqual(PROFILE_RANGES.weightKg.max);
    }
  });
});

describe('generatePassword', () => {
  it('passes the password rules, is not common and differs each time', () => {
    const passwords = Array.from({ length: 50 }, () => generatePassword('demo'));
    expect(passwords.every((p) => isValidPassword(p, 'demo') && !isCommonPassword(p))).toBe(true);
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
