import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, uniqueName } from '../test/harness';
import { channelEvents, communities, events, users } from './schema';

const database = await openTestDatabase();
afterAll(() => database.close());

/** What ANALYZE kept of a table: each column's histogram's bounds, the columns it kept nothing of left out. */
async function statisticsOf(table: string): Promise<Map<string, number>> {
  await database.db.execute(sql.raw(`ANALYZE ${table}`));
  const { rows } = (await database.db.execute(
    sql`SELECT attname AS "column", coalesce(array_length(histogram_bounds::text::text[], 1), 0) AS bounds
      FROM pg_stats WHERE schemaname = 'public' AND tablename = ${table}`,
  )) as { rows: { column: string; bounds: number }[] };
  return new Map(rows.map((row) => [row.column, Number(row.bounds)]));
}

const ROWS = 400;
/** Sequences 1 to ROWS, each row made by `row`. */
const numbered = <T>(row: (seq: number) => T): T[] => Array.from({ length: ROWS }, (_, i) => row(i + 1));

/** At most 10 histogram buckets (11 bounds) of the sequences, and no statistics of the payload. */
async function expectSampledSmall(table: string, payload: string) {
  const kept = await statisticsOf(table);
  expect(kept.get('seq')).toBeGreaterThan(1);
  expect(kept.get('seq')).toBeLessThanOrEqual(11);
  expect(kept.has(payload)).toBe(false);
}

describe('the event logs sampled small (decision 0089)', () => {
  it("keeps at most 10 buckets of a member's events and nothing of their payloads", async () => {
    const username = uniqueName('stats');
    const [member] = await database.db
      .insert(users)
      .values({ username, email: `${username}@orbit.test`, passwordHash: 'x' })
      .returning({ id: users.id });
    await database.db
      .insert(events)
      .values(numbered((seq) => ({ recipientId: member.id, seq, type: 'post', data: { seq } })));
    await expectSampledSmall('events', 'data');
  });

  it("keeps at most 10 buckets of a community's events and nothing of their groups", async () => {
    const [community] = await database.db
      .insert(communities)
      .values({ name: uniqueName('stats'), color: '#123456', initials: 'ST', ownerType: 1, ownerId: 1 })
      .returning({ id: communities.id });
    await database.db
      .insert(channelEvents)
      .values(numbered((seq) => ({ communityId: community.id, seq, type: 'post', groups: [] })));
    await expectSampledSmall('channel_events', 'groups');
  });
});
