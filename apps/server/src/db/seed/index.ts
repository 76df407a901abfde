import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Queryable } from '../client';
import { users } from '../schema';
import { seedActivities } from './activities';
import { seedCommunities } from './communities';
import { generatePassword, signInBlock, signInUrl } from './credentials';
import { seedFriends } from './friends';
import { seedMembers } from './members';
import { seedMessages } from './messages';
import { seedMoods } from './moods';
import { seedOrganisation } from './organisation';
import { DEMO_EMAIL, DEMO_USERNAME } from './people';
import { seedPosts } from './posts';
import { seedTournament } from './tournament';
import { seedWellbeingAdmin } from './wellbeing-admin';
import type { SeedContext, SeedWorld } from './world';

/** Any fixed number: instances starting together on an empty database seed it once. */
const SEED_LOCK = 7_240_113;

async function hasMembers(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/** One call per area, in dependency order; each later area (friends, communities, posts...) adds a line. */
async function seedAreas(ctx: SeedContext): Promise<SeedWorld> {
  const organizationId = await seedOrganisation(ctx);
  const { demoUserId, memberIds } = await seedMembers(ctx, organizationId);
  const world = { organizationId, demoUserId, memberIds };
  await seedFriends(ctx, world);
  await seedMessages(ctx, world);
  await seedCommunities(ctx, world);
  await seedPosts(ctx, world);
  await seedActivities(ctx, world);
  await seedMoods(ctx, world);
  await seedWellbeingAdmin(ctx, world);
  await seedTournament(ctx, world);
  return world;
}

/** An operator's own DEMO_PASSWORD is a secret of theirs: the banner names the variable, never its value. */
const CONFIGURED = { note: 'the password set in DEMO_PASSWORD' };

/**
 * The password is never stored readable, so a later start can only point to DEMO_PASSWORD when it is set and
 * still is the demo account's password.
 */
async function laterStartBlock(deps: AppDeps, url: string): Promise<string[]> {
  const [demo] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, DEMO_EMAIL))
    .limit(1);
  if (!demo) return ['Orbit demo world not seeded: the database already had members at its first start'];
  const configured = deps.config.demoPassword;
  if (configured && (await deps.hasher.verify(demo.passwordHash, configured))) {
    return signInBlock(url, CONFIGURED);
  }
  return signInBlock(url, { note: 'the password printed when the demo world was created' });
}

/**
 * Seeds the demo world on an empty database (no members yet) in one transaction and prints how to sign in;
 * on any later start it seeds nothing and prints the sign-in line again. Answers whether it seeded.
 */
export async function seedDemoWorld(deps: AppDeps, log: (line: string) => void): Promise<boolean> {
  const url = signInUrl(deps.config);
  const print = (lines: string[]) => {
    for (const line of lines) log(line);
  };
  if (await hasMembers(deps.db)) {
    print(await laterStartBlock(deps, url));
    return false;
  }
  const configured = deps.config.demoPassword;
  const password = configured ?? generatePassword(DEMO_USERNAME);
  const [demoPasswordHash, memberPasswordHash] = await Promise.all([
    deps.hasher.hash(password),
    deps.hasher.hash(generatePassword()),
  ]);
  const seeded = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasMembers(tx)) return false;
    await seedAreas({ tx, demoPasswordHash, memberPasswordHash });
    return true;
  });
  const created = signInBlock(url, configured ? CONFIGURED : { known: password });
  print(seeded ? created : await laterStartBlock(deps, url));
  return seeded;
}
