import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRead, parsedJson, reads } from '../../db/json-rows';
import { preparedPerDatabase } from '../../db/prepared';
import { starSnapshots, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { memberStreamsSql, type StreamsAt } from '../../platform/realtime/history';
import { organizationsRead } from '../admin';
import { pendingThreadsSql } from '../messages';
import { unreadNotificationsSql } from '../notifications';
import { STAR_PROVIDERS } from './providers';
import { OWNER, ownerAndNow } from './statements';

const organizations = organizationsRead(OWNER);

/** The set last served, for the refresh diff and the pulse. */
const snapshot = jsonRead({ snapshot: starSnapshots }, (fields) =>
  reads.select(fields).from(starSnapshots).where(eq(starSnapshots.ownerId, OWNER)),
);

/** Every provider's read, in the providers' order, as one JSON array (a provider that reads nothing has null). */
const providerReads = sql`json_build_array(${sql.join(
  STAR_PROVIDERS.map((provider) => provider.read ?? sql`null`),
  sql`, `,
)})`;

/**
 * The whole home in one statement (decision 0066): the member's row, organisations, both badges, the set last
 * served, every provider's rows and where the member's streams stood. The home is the crowd's most frequent call, and a statement's cost is
 * mostly fixed: twenty of them made it 44 % of the mix's statements.
 */
const homeStatement = preparedPerDatabase((db) =>
  db
    .select({
      user: users,
      organizations: organizations.sql,
      notifQty: unreadNotificationsSql(OWNER),
      pendingPms: pendingThreadsSql(OWNER),
      snapshot: snapshot.sql,
      providers: providerReads,
      streams: memberStreamsSql(OWNER),
    })
    .from(users)
    .where(eq(users.id, OWNER))
    .prepare('home'),
);

export async function readHome(db: Db, userId: number, now: Date) {
  const [row] = await homeStatement(db).execute(ownerAndNow(userId, now));
  if (!row) throw notFound('No such member');
  const [last] = snapshot.decode(row.snapshot);
  return {
    user: row.user,
    organizations: organizations.decode(row.organizations),
    notifQty: row.notifQty,
    pendingPms: row.pendingPms,
    snapshot: last?.snapshot ?? null,
    /** Each provider's read, undecoded: the provider decodes its own. */
    providers: parsedJson(row.providers) as unknown[],
    /** Where the member's streams stood when all of this was read (the home cache's key, decision 0030). */
    streams: parsedJson(row.streams) as StreamsAt,
  };
}

export type HomeRead = Awaited<ReturnType<typeof readHome>>;
