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

/** What one pass did: the tables vacuumed, analysed, or whose upkeep failed, and its time. */
export interface UpkeepPass {
  vacuumed: string[];
  analyzed: string[];
  failed: string[];
  ms: number;
}

/**
 * autovacuum's own thresholds at PostgreSQL's defaults: dead rows past 50 + 20 % of the table, rows inserted
 * since the last vacuum past 1000 + 20 % (so that the visibility map and free space map keep up), transaction
 * ids older than autovacuum_freeze_max_age (200 million: a freeze is due), and changes since the last
 * analysis past 50 + 10 %. The catalogue's tables too: every ANALYZE rewrites rows of pg_statistic, and the
 * database's oldest transaction id is its oldest table's, the catalogue's included.
 */
const dueQuery = sql`SELECT format('%I.%I', s.schemaname, s.relname) AS "table",
    (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
      OR age(c.relfrozenxid) > 200000000) AS "vacuum",
    (s.schemaname = 'public' AND s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)) AS "analyze"
  FROM pg_stat_all_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname IN ('public', 'pg_catalog') AND c.relkind = 'r'
  ORDER BY s.n_dead_tup DESC`;

interface Due {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** The statement that looks after one table (its name already quoted by the due query). */
function upkeepStatement({ table, vacuum, analyze }: Due): string {
  if (!vacuum) return `ANALYZE ${table}`;
  return analyze ? `VACUUM (ANALYZE) ${table}` : `VACUUM ${table}`;
}

export interface PassOptions {
  /** Asked before each table: true ends the pass there (the server stops). */
  stopping?: () => boolean;
  /** Runs one table's statement; the database's own by default. */
  run?: (statement: string) => Promise<unknown>;
  /** Told of a table whose upkeep failed; the pass goes on with the others. */
  failed?: (table: string, err: unknown) => void;
}

/**
 * Looks after every table past a threshold, one statement each, so that the members' statements wait for one
 * table's upkeep at most, not for all of it.
 */
export async function upkeepPass(db: Db, options: PassOptions = {}): Promise<UpkeepPass> {
  const { stopping = () => false, run = (statement) => db.execute(sql.raw(statement)) } = options;
  const started = performance.now();
  const { rows } = (await db.execute(dueQuery)) as unknown as { rows: Due[] };
  const pass: UpkeepPass = { vacuumed: [], analyzed: [], failed: [], ms: 0 };
  for (const due of rows) {
    if (!due.vacuum && !due.analyze) continue;
    if (stopping()) break;
    try {
      await run(upkeepStatement(due));
      (due.vacuum ? pass.vacuumed : pass.analyzed).push(due.table);
    } catch (err) {
      pass.failed.push(due.table);
      options.failed?.(due.table, err);
    }
  }
  pass.ms = performance.now() - started;
  return pass;
}

/** The upkeep's figures since the start, for the metrics. */
export interface UpkeepCounts {
  passes: number;
  vacuums: number;
  analyzes: number;
  /** Tables whose upkeep failed, and passes that failed as a whole. */
  failures: number;
  seconds: number;
}

interface UpkeepLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** Runs a pass every `everyMs` on the embedded database; PostgreSQL has its own autovacuum. */
export class EmbeddedUpkeep {
  readonly counts: UpkeepCounts = { passes: 0, vacuums: 0, analyzes: 0, failures: 0, seconds: 0 };
  private readonly timer: Periodic;
  private stopped = false;

  constructor(
    private readonly db: Db,
    everyMs: number,
    private readonly log: UpkeepLog,
    private readonly run?: PassOptions['run'],
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

  /** Stops after the table in progress, if any: a stop waits for one statement, not for a whole pass. */
  stop(): Promise<void> {
    this.stopped = true;
    return this.timer.stop();
  }

  /** One pass now (the timer's, or a test's). */
  async pass(): Promise<UpkeepPass> {
    const pass = await upkeepPass(this.db, {
      stopping: () => this.stopped,
      run: this.run,
      failed: (table, err) => this.log.warn({ err, table }, 'embedded database upkeep of a table failed'),
    });
    this.counts.passes += 1;
    this.counts.vacuums += pass.vacuumed.length;
    this.counts.analyzes += pass.analyzed.length;
    this.counts.failures += pass.failed.length;
    this.counts.seconds += pass.ms / 1000;
    if (pass.vacuumed.length + pass.analyzed.length + pass.failed.length > 0) {
      this.log.info(
        { ...pass, ms: Math.round(pass.ms) },
        'embedded database upkeep: tables vacuumed and analysed',
      );
    }
    return pass;
  }
}
