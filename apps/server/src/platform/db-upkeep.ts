import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { Periodic } from './periodic';

/**
 * PostgreSQL's autovacuum, done by the server for the embedded database (decision 0083): PGlite runs Postgres
 * in single-user mode, where no autovacuum worker exists. Without it a table's deleted and updated rows are
 * never reclaimed (the free space map is filled by VACUUM only, so the events, tickets and outboxes that are
 * written and pruned all day grow without end), statistics are never gathered for the planner, and
 * transaction ids are never frozen.
 */

/** What one pass did: the tables vacuumed (and analysed) and those only analysed, and its time. */
export interface UpkeepPass {
  /** Dead rows in all tables as the pass began: what a stalled upkeep lets grow. */
  deadRows: number;
  vacuumed: string[];
  analyzed: string[];
  ms: number;
}

/**
 * autovacuum's own thresholds at PostgreSQL's defaults: dead rows past 50 + 20 % of the table, rows inserted
 * since the last vacuum past 1000 + 20 % (so that the visibility map and free space map keep up), changes
 * since the last analysis past 50 + 10 %, or transaction ids older than 150 million (a freeze is due).
 */
const dueQuery = sql`SELECT s.relname AS "table", s.n_dead_tup::int AS "dead",
    (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
      OR age(c.relfrozenxid) > 150000000) AS "vacuum",
    s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS "analyze"
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = 'public'
  ORDER BY s.n_dead_tup DESC`;

interface Due {
  table: string;
  dead: number;
  vacuum: boolean;
  analyze: boolean;
}

/** The statement that looks after one table: a quoted name, as PostgreSQL's catalogue spells it. */
function upkeepStatement({ table, vacuum }: Due): string {
  const name = `"${table.replaceAll('"', '""')}"`;
  return vacuum ? `VACUUM (ANALYZE) ${name}` : `ANALYZE ${name}`;
}

/**
 * Looks after every table past a threshold, one statement each, so that the members' statements wait for one
 * table's upkeep at most, not for all of it.
 */
export async function upkeepPass(db: Db): Promise<UpkeepPass> {
  const started = performance.now();
  const { rows } = (await db.execute(dueQuery)) as unknown as { rows: Due[] };
  const deadRows = rows.reduce((sum, due) => sum + Number(due.dead), 0);
  const pass: UpkeepPass = { deadRows, vacuumed: [], analyzed: [], ms: 0 };
  for (const due of rows) {
    if (!due.vacuum && !due.analyze) continue;
    await db.execute(sql.raw(upkeepStatement(due)));
    (due.vacuum ? pass.vacuumed : pass.analyzed).push(due.table);
  }
  pass.ms = Math.round(performance.now() - started);
  return pass;
}

/** The upkeep's figures since the start, for the metrics. */
export interface UpkeepCounts {
  passes: number;
  /** The last pass's dead rows as it began. */
  deadRows: number;
  vacuums: number;
  analyzes: number;
  failures: number;
  seconds: number;
}

interface UpkeepLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** Runs a pass every `everyMs` on the embedded database; PostgreSQL has its own autovacuum. */
export class EmbeddedUpkeep {
  readonly counts: UpkeepCounts = {
    passes: 0,
    deadRows: 0,
    vacuums: 0,
    analyzes: 0,
    failures: 0,
    seconds: 0,
  };
  private readonly timer: Periodic;

  constructor(
    private readonly db: Db,
    everyMs: number,
    private readonly log: UpkeepLog,
  ) {
    this.timer = new Periodic(
      everyMs,
      async () => void (await this.pass()),
      (err) => {
        this.counts.failures += 1;
        log.warn({ err }, 'embedded database upkeep failed; the next pass retries');
      },
    );
  }

  start(): void {
    this.timer.start();
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** One pass now (the timer's, or a test's). */
  async pass(): Promise<UpkeepPass> {
    const pass = await upkeepPass(this.db);
    this.counts.passes += 1;
    this.counts.deadRows = pass.deadRows;
    this.counts.vacuums += pass.vacuumed.length;
    this.counts.analyzes += pass.analyzed.length;
    this.counts.seconds += pass.ms / 1000;
    if (pass.vacuumed.length + pass.analyzed.length > 0) {
      this.log.info(pass, 'embedded database upkeep: tables vacuumed and analysed');
    }
    return pass;
  }
}
