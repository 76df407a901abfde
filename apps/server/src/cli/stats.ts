import type { Command } from 'commander';
import { count, isNotNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { communities, messages, users } from '../db/schema';
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
 * What the database knows. Open sockets it does not: each instance counts its own (`orbit_ws_connections` at
 * /api/metrics), and no instance writes its count anywhere another process reads, so the line says so.
 */
export async function stats(config: Config): Promise<Line> {
  return withMigratedDatabase(config, async (database) => {
    const n = await counted(database.db);
    return (
      `${databaseName(config)}: ${n.members} members (${n.disabled} disabled), ${n.communities} communities, ` +
      `${n.messages} messages; sockets: not counted here (each instance's orbit_ws_connections at /api/metrics)`
    );
  });
}

export function statsCommand(program: Command, run: Run): void {
  program
    .command('stats')
    .description('count members, communities, messages and open sockets')
    .action(() => run((config) => stats(config)));
}
