import { CommunityRole, DEFAULT_COMMUNITY_COLOR, OwnerType } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../apps/server/src/db/client';
import { hashToken } from '../../apps/server/src/platform/auth/tokens';
import type { RunMembers } from '../lib/members';
import { insertSessions } from '../lib/sockets';

/** The members an expert's post reaches, each with a push subscription in the post figure. */
export const PUSH_AUDIENCE = 2000;

export interface PushCommunity {
  communityId: number;
  /** The expert who posts, signed in. */
  expertToken: string;
  /** The audience's sessions' tokens (the expert's left out). */
  memberTokens: string[];
}

const rowsOf = async <T>(db: Queryable, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Beside the soak's crowd: an expert and PUSH_AUDIENCE members of their community, none of the soak's, each
 * signed in (a session each), so that the post figure does not touch the soak's members.
 */
export async function seedPushCommunity(database: Database, members: RunMembers): Promise<PushCommunity> {
  const name = `${members.prefix}push`;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO users (username, email, password_hash, first_name, last_name)
      SELECT ${name} || g, ${name} || g || '@bench.test', 'bench-no-sign-in', 'Bench', 'Push' || g
      FROM generate_series(0, ${PUSH_AUDIENCE}) g`);
    const users = await rowsOf<{ id: number }>(
      tx,
      sql`SELECT id FROM users WHERE username LIKE ${`${name}%`} ORDER BY id`,
    );
    const ids = users.map((u) => u.id);
    const [expertId] = ids;
    const [community] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO communities (name, description, color, initials, owner_type, owner_id, created_by)
        VALUES (${`${name} community`}, 'A bench community', ${DEFAULT_COMMUNITY_COLOR}, 'P',
          ${OwnerType.USER}::smallint, ${expertId}, ${expertId})
        RETURNING id`,
    );
    await tx.execute(sql`
      INSERT INTO community_members (community_id, user_id, role)
      SELECT ${community.id}, u, CASE WHEN u = ${expertId} THEN ${CommunityRole.EXPERT}::smallint
        ELSE ${CommunityRole.MEMBER}::smallint END
      FROM unnest(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}) AS u`);
    const [expertToken, ...memberTokens] = await insertSessions(tx, ids);
    return { communityId: community.id, expertToken, memberTokens };
  });
}

/**
 * A push subscription for each of these sessions (by their tokens), as the browser of that device would have
 * made it, at the bench's push service: one endpoint each, one key pair for all. Answers how many were made.
 */
export async function subscribeSessions(
  db: Queryable,
  tokens: string[],
  origin: string,
  keys: { p256dh: string; auth: string },
): Promise<number> {
  const hashes = sql.raw(`ARRAY[${tokens.map((t) => `'${hashToken(t)}'`).join(',')}]::text[]`);
  const made = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, user_agent)
      SELECT s.user_id, s.id, ${`${origin}/push/`} || s.id, ${keys.p256dh}, ${keys.auth}, 'orbit-bench'
      FROM sessions s WHERE s.token_hash = ANY(${hashes})
      RETURNING id`,
  );
  return made.length;
}
