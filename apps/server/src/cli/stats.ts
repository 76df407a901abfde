import type { Command } from 'commander';
import { count, isNotNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { communities, messages, users } from '../db/schema';
import { countedSockets } from '../platform/ops';
import { databaseName, type Line, withMigratedDatabase } from './context';
import type { Run } from './program';

async function counted(db: Db) {
  const [[members], [disabled], [communityRows], [messageRows]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(isNotNull(users.disabledAt)),
    db.select({ n: count() }).from(communities),
    db.select({ n: count() }).from(messages),
  ]);
  return { members: members.n, disabled: disabled.n, communities: communityRows.n, messages: messageRows.n };
}

/**
 * The sockets open on every instance: the sum of the counts they keep in Redis (platform/ops/census.ts). On the
 * embedded database the command runs only while no server holds the data directory, so none is open; a
 * cluster on PostgreSQL without Redis has no shared place to count them.
 */
async function openSockets(config: Config): Promise<string> {
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    try {
      const { sockets, instances } = await countedSockets(redis);
      return `${sockets} sockets open on ${instances} instance${instances === 1 ? '' : 's'}`;
    } finally {
      redis.disconnect();
    }
  }
  return config.databaseUrl
    ? 'sockets not counted without REDIS_URL (each instance has orbit_ws_connections at /api/metrics)'
    : '0 sockets open (no server holds the data directory)';
}

/** What the database knows, and the sockets every instance counts. */
export async function stats(config: Config): Promise<Line> {
  return withMigratedDatabase(config, async (database) => {
    const n = await counted(database.db);
    return (
      `${databaseName(config)}: ${n.members} members (${n.disabled} disabled), ${n.communities} communities, ` +
      `${n.messages} messages; ${await openSockets(config)}`
    );
  });
}

export function statsCommand(program: Command, run: Run): void {
  program
    .command('stats')
    .description('count members, communities, messages and open sockets')
    .action(() => run((config) => stats(config)));
}
