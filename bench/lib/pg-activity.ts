import pg from 'pg';

/** What the server's connections were doing, averaged over the samples of a phase. */
export interface PgActivity {
  samples: number;
  /** Mean and largest number of the server's connections that were running a statement. */
  meanActive: number;
  maxActive: number;
  /** Mean active connections per wait (`Lock/tuple`, `IO/DataFileRead`, ... or `running` for none). */
  waits: Record<string, number>;
  /** The statements most often seen waiting on a lock, with how many samples caught one. */
  lockedStatements: { statement: string; seen: number }[];
}

const SAMPLE_MS = 1000;
const STATEMENT_CHARS = 120;
const TOP_STATEMENTS = 5;

/** Parameter lists fold to `($n, ...)`, closed or cut short by track_activity_query_size alike. */
const QUERY = `
  SELECT coalesce(wait_event_type || '/' || wait_event, 'running') AS wait,
    left(regexp_replace(regexp_replace(query, '\\s+', ' ', 'g'), '\\(\\$[0-9]+(, ?\\$[0-9]*)*\\)?', '($n, ...)', 'g'),
      ${STATEMENT_CHARS}) AS statement
  FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
    AND state = 'active'`;

const round = (n: number) => Number(n.toFixed(2));

/**
 * Samples pg_stat_activity of the server's database once a second on a connection of its own, until
 * stopped: where the active connections wait tells a lock convoy (Lock/...) from real work (running, IO).
 */
export function samplePgActivity(databaseUrl: string): { stop(): Promise<PgActivity> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const waits = new Map<string, number>();
  const locked = new Map<string, number>();
  let samples = 0;
  let active = 0;
  let maxActive = 0;
  let busy: Promise<unknown> = client.connect();
  const sample = async () => {
    const { rows } = await client.query<{ wait: string; statement: string }>(QUERY);
    samples += 1;
    active += rows.length;
    maxActive = Math.max(maxActive, rows.length);
    for (const row of rows) {
      waits.set(row.wait, (waits.get(row.wait) ?? 0) + 1);
      if (row.wait.startsWith('Lock/')) locked.set(row.statement, (locked.get(row.statement) ?? 0) + 1);
    }
  };
  const timer = setInterval(() => {
    busy = busy.then(sample).catch(() => undefined);
  }, SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      await client.end();
      const per = (n: number) => round(n / Math.max(1, samples));
      return {
        samples,
        meanActive: per(active),
        maxActive,
        waits: Object.fromEntries([...waits].sort(([, a], [, b]) => b - a).map(([w, n]) => [w, per(n)])),
        lockedStatements: [...locked]
          .sort(([, a], [, b]) => b - a)
          .slice(0, TOP_STATEMENTS)
          .map(([statement, seen]) => ({ statement, seen })),
      };
    },
  };
}
