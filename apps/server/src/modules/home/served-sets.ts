import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { columnList } from '../../db/json-rows';
import { preparedSql } from '../../db/prepared';
import { relaxedCommit } from '../../db/queries';
import { starSnapshots, users } from '../../db/schema';
import type { ServedStarSet, ServedStarSets } from '../../deps';
import { WrittenBehind } from '../../platform/written-behind';

type Waiting = Map<number, ServedStarSet>;

/**
 * Every set of a write in one statement, bound as one JSON text so that it is prepared once whatever the
 * write's size. Its commit does not wait for the disk (relaxedCommit), and a member erased meanwhile is left
 * out rather than failing the others' sets on the foreign key.
 */
const writeSets = preparedSql(
  'home_star_snapshots',
  sql`INSERT INTO ${starSnapshots} (${columnList(starSnapshots, ['ownerId', 'stars', 'digest', 'servedAt'])})
    SELECT s.owner_id, s.stars, s.digest, s.served_at
    FROM ${relaxedCommit},
      json_to_recordset(${sql.placeholder('sets')}::json) AS s(owner_id int, stars jsonb, digest text, served_at timestamptz)
    WHERE EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = s.owner_id)
    ON CONFLICT (${columnList(starSnapshots, ['ownerId'])}) DO UPDATE
    SET stars = excluded.stars, digest = excluded.digest, served_at = excluded.served_at`,
);

/**
 * The sets as the statement's JSON: each set's own JSON text goes in as it was digested, not encoded again.
 * In the members' order, so that two instances' writes lock their rows in one order and never wait crosswise.
 */
const setsJson = (waiting: Waiting) =>
  `[${[...waiting]
    .sort(([a], [b]) => a - b)
    .map(
      ([owner, set]) =>
        `{"owner_id":${owner},"stars":${set.json},"digest":${JSON.stringify(set.digest)},"served_at":"${set.servedAt.toISOString()}"}`,
    )
    .join(',')}]`;

/**
 * The star sets this instance served, written behind the homes that served them (decision 0094): a home
 * answers without waiting for its snapshot, and the sets served while one write was under way go together in
 * the next, one statement for all. A home computed while its member's set waits diffs against that set; an
 * instance that reads the member's snapshot meanwhile diffs against the one before and may pulse once more,
 * which is all a snapshot is for (star-set.ts). A set lost with the process is that same older set.
 */
export class ServedSets implements ServedStarSets {
  /** Long enough to gather a busy instance's homes; a member does not read a home twice in this. */
  static readonly DELAY_MS = 50;

  private readonly behind: WrittenBehind<Waiting>;

  constructor(db: Queryable, onFailure: (err: unknown) => void) {
    this.behind = new WrittenBehind({
      empty: () => new Map(),
      size: (waiting) => waiting.size,
      write: async (waiting) => {
        await writeSets(db).execute({ sets: setsJson(waiting) });
      },
      onFailure,
      delayMs: ServedSets.DELAY_MS,
    });
  }

  get counts() {
    return this.behind.counts;
  }

  unwritten(owner: number): ServedStarSet | undefined {
    for (const waiting of this.behind.unwritten) {
      const set = waiting.get(owner);
      if (set) return set;
    }
    return undefined;
  }

  keep(owner: number, set: ServedStarSet): void {
    this.behind.add((waiting) => waiting.set(owner, set));
  }

  flush(): Promise<void> {
    return this.behind.flush();
  }
}
