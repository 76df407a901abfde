import { DEFAULT_COMMUNITY_COLOR, OwnerType } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../apps/server/src/db/client';

/** This run's member names (see WorldSeed): `prefix` starts each, `usernames` are the ones already seeded. */
export interface RunMembers {
  prefix: string;
  usernames: string[];
}

/**
 * Grows this run's members to `total` with one generate_series insert (the extra ones never sign in with a
 * password), then numbers them in the temporary table `bench_members (id, n)`: n = 0.. in id order, so
 * member 0 is the signed-in one. Scenarios address members by n in their bulk SQL and drop the table after.
 */
export async function growMembers(db: Queryable, members: RunMembers, total: number): Promise<void> {
  const { prefix, usernames } = members;
  await db.execute(sql`
    INSERT INTO users (username, email, password_hash, first_name, last_name)
    SELECT ${prefix} || 'g' || g, ${prefix} || 'g' || g || '@bench.test', 'bench-no-sign-in', 'Bench', 'Extra' || g
    FROM generate_series(1, ${total - usernames.length}) g`);
  await db.execute(sql`
    CREATE TEMP TABLE bench_members AS
    SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM users WHERE username LIKE ${`${prefix}%`}`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bench_members (n)`);
  // Temporary tables have no statistics until analysed; the planner joins thousands of rows to it.
  await db.execute(sql`ANALYZE bench_members`);
}

/**
 * One community per row of the temporary table `table (c, id, owner)` (ids taken from the communities'
 * sequence beforehand), named `<name> <c>` and owned by member n = owner of bench_members.
 */
export async function insertCommunities(db: Queryable, table: string, name: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO communities (id, name, description, color, initials, owner_type, owner_id, created_by)
    SELECT t.id, ${name} || ' ' || t.c, 'A bench community', ${DEFAULT_COMMUNITY_COLOR}, 'B',
      ${OwnerType.USER}::smallint, m.id, m.id
    FROM ${sql.identifier(table)} t JOIN bench_members m ON m.n = t.owner`);
}
