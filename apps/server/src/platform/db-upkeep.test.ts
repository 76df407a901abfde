import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../db/client';
import { EmbeddedUpkeep, upkeepPass } from './db-upkeep';

/**
 * The embedded database's upkeep (decision 0083) on PGlite on its own thread, as `npm start` runs it: a table
 * written and pruned all day stays the size of what it holds, and the planner gets statistics.
 */
let database: Database;

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * PGlite's statistics reach pg_stat_user_tables when its one backend next goes idle, at most once a second:
 * forced here, so that a round of the first test needs no second of its own.
 */
async function statisticsFlushed() {
  await database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await database.db.execute(sql`SELECT 1`);
}

const heapBytes = async (table: string) =>
  Number((await rowsOf(sql`SELECT pg_relation_size(${table}) AS size`))[0]?.size);

/** New tables of 2000 rows each, every one of them due for its upkeep. */
async function tablesPastThresholds(names: string[]) {
  for (const name of names) {
    await database.db.execute(sql.raw(`CREATE TABLE ${name} (n int)`));
    await database.db.execute(sql.raw(`INSERT INTO ${name} SELECT generate_series(1, 2000)`));
  }
  await statisticsFlushed();
}

const silent = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  database = await openPglite(null, undefined, { ownThread: true });
  await database.db.execute(
    sql`CREATE TABLE happenings (id serial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), data text)`,
  );
  await database.db.execute(sql`CREATE INDEX ON happenings (at)`);
});

afterAll(() => database?.close());

describe('the embedded database upkeep', () => {
  it('keeps a table written and pruned all day the size of what it holds', async () => {
    const KEPT = 4000;
    const vacuumedTables = new Set<string>();
    for (let round = 0; round < 40; round += 1) {
      await database.db.execute(
        sql`INSERT INTO happenings (data) SELECT repeat('x', 100) FROM generate_series(1, 1000)`,
      );
      await database.db.execute(
        sql`DELETE FROM happenings WHERE id <= (SELECT max(id) - ${KEPT} FROM happenings)`,
      );
      await statisticsFlushed();
      for (const table of (await upkeepPass(database.db)).vacuumed) vacuumedTables.add(table);
    }
    expect(vacuumedTables).toContain('public.happenings');
    // 40000 rows written, 4000 kept: about 600 KB when the space of the deleted rows is used again, and
    // about 6 MB when every row ever written keeps its place (no VACUUM fills the free space map).
    expect(await heapBytes('happenings')).toBeLessThan(2_000_000);
  });

  it("vacuums the catalogue's tables too, whose rows every table created and dropped leaves dead", async () => {
    for (let n = 0; n < 150; n += 1) {
      await database.db.execute(sql.raw(`CREATE TABLE passing_${n} (a int, b text, c jsonb)`));
      await database.db.execute(sql.raw(`DROP TABLE passing_${n}`));
    }
    await statisticsFlushed();
    expect((await upkeepPass(database.db)).vacuumed).toContain('pg_catalog.pg_attribute');
  });

  it('gathers the statistics the planner reads, without being forced to see the changes', async () => {
    await database.db.execute(sql`CREATE TABLE moods_seen (mood smallint NOT NULL)`);
    await database.db.execute(sql`INSERT INTO moods_seen SELECT g % 7 FROM generate_series(1, 2000) g`);
    // As a server sees them: PostgreSQL reports a backend's statistics at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await database.db.execute(sql`SELECT 1`);
    const pass = await upkeepPass(database.db);
    expect([...pass.vacuumed, ...pass.analyzed]).toContain('public.moods_seen');
    const stats = await rowsOf(sql`SELECT n_distinct FROM pg_stats WHERE tablename = 'moods_seen'`);
    expect(stats).toEqual([{ n_distinct: 7 }]);
  });

  it('counts its passes and what they did, and logs a pass that did something', async () => {
    await database.db.execute(sql`CREATE TABLE visits (n int)`);
    await database.db.execute(sql`INSERT INTO visits SELECT generate_series(1, 3000)`);
    await database.db.execute(sql`DELETE FROM visits WHERE n <= 2000`);
    await statisticsFlushed();
    const lines: object[] = [];
    const upkeep = new EmbeddedUpkeep(database.db, 60_000, {
      ...silent,
      info: (fields) => lines.push(fields),
    });
    const pass = await upkeep.pass();
    expect(pass.vacuumed).toContain('public.visits');
    expect(upkeep.counts).toMatchObject({
      passes: 1,
      vacuums: pass.vacuumed.length,
      analyzes: pass.analyzed.length,
      failures: 0,
    });
    expect(lines).toEqual([{ ...pass, ms: Math.round(pass.ms) }]);
    // Nothing left to do: the next pass finds no table past a threshold, and says nothing.
    await statisticsFlushed();
    const next = await upkeep.pass();
    expect(next.vacuumed).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it('goes on past a table whose upkeep fails, counting and logging it', async () => {
    await tablesPastThresholds(['first_seen', 'then_seen']);
    const warned: object[] = [];
    const run = (statement: string) =>
      statement.includes('first_seen')
        ? Promise.reject(new Error('no room left on the disk'))
        : database.db.execute(sql.raw(statement));
    const upkeep = new EmbeddedUpkeep(database.db, 60_000, { ...silent, warn: (f) => warned.push(f) }, run);
    const pass = await upkeep.pass();
    expect(pass.failed).toEqual(['public.first_seen']);
    expect([...pass.vacuumed, ...pass.analyzed]).toContain('public.then_seen');
    expect(upkeep.counts.failures).toBe(1);
    expect(warned).toMatchObject([{ table: 'public.first_seen' }]);
  });

  it('stops between two tables once the server stops', async () => {
    await tablesPastThresholds(['one_more', 'and_another']);
    const statements: string[] = [];
    let stopping = false;
    const pass = await upkeepPass(database.db, {
      stopping: () => stopping,
      run: async (statement) => {
        statements.push(statement);
        stopping = true;
      },
    });
    expect(statements).toHaveLength(1);
    expect(pass.vacuumed.length + pass.analyzed.length).toBe(1);
  });
});
