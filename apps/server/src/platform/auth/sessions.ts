import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database, Db, Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { pushSubscriptions, sessions, users } from '../../db/schema';
import { forbidden } from '../errors';
import { type CachedSession, SessionCache } from './session-cache';
import { hashToken, newToken } from './tokens';

export interface AuthContext {
  userId: number;
  sessionId: number;
  /** How the request proved who it is; cookie sessions are subject to the Origin check. */
  via: 'cookie' | 'bearer';
}

export type SessionRow = typeof sessions.$inferSelect;

export const accountDisabled = () =>
  forbidden('This account is disabled; ask the people who run this Orbit to enable it', 'account_disabled');

/**
 * Only touch last_seen_at once a minute per session: reads should not turn into writes. The devices list
 * (GET /user/sessions) shows it as "last seen", to the minute (docs/decisions/0050).
 */
const TOUCH_EVERY_MS = 60_000;

/** Every request's first read: built once, and on PostgreSQL parsed once per connection. */
const sessionByTokenHash = preparedPerDatabase((db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('session_by_token_hash'),
);

/** The channel every process on a PostgreSQL database announces the sessions it ended on (decision 0064). */
export const SESSIONS_ENDED_CHANNEL = 'orbit_sessions_ended';
/** Session ids per notification: a payload stays far under PostgreSQL's 8000 bytes. */
const IDS_PER_NOTICE = 500;

export class SessionStore {
  /**
   * The live sessions this process has read, so that a request's check need not read them again (decision
   * 0064). `trusted` says whether every revocation reaches it from the start: so with PGlite, whose one
   * process evicts as it revokes; with PostgreSQL once `listenForEnded` listens.
   */
  readonly cache: SessionCache;

  constructor(
    private readonly config: Pick<Config, 'sessionIdleMs' | 'sessionMaxMs' | 'sessionCacheSize'>,
    trusted: boolean,
  ) {
    this.cache = new SessionCache(config.sessionCacheSize, TOUCH_EVERY_MS, trusted);
  }

  /**
   * A new session, never for a disabled member: the member's row is read FOR SHARE, so a disabling that
   * commits first is seen here, and one that comes later waits for this session and then ends it.
   */
  create(db: Queryable, userId: number, userAgent?: string): Promise<{ token: string; sessionId: number }> {
    return db.transaction(async (tx) => {
      const [member] = await tx
        .select({ disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('share');
      if (member?.disabledAt) throw accountDisabled();
      return this.insert(tx, userId, userAgent);
    });
  }

  private async insert(db: Queryable, userId: number, userAgent?: string) {
    const token = newToken();
    const [row] = await db
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + this.config.sessionMaxMs),
        userAgent: userAgent?.slice(0, 300),
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row.id };
  }

  /**
   * The live session for a token, or null when unknown, revoked, idle too long or past its lifetime. Read
   * from the cache while it serves and its entry is fresh (at most a minute, when the last-seen time is due
   * again), otherwise from the database.
   */
  async resolve(db: Db, token: string): Promise<{ userId: number; sessionId: number } | null> {
    const hash = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(hash, now);
    if (cached && this.isLiveAt(cached.expiresAt, cached.lastSeenAt, now)) {
      return { userId: cached.userId, sessionId: cached.sessionId };
    }
    const mark = this.cache.mark();
    const [row] = await sessionByTokenHash(db).execute({ hash });
    if (!row || !this.isLive(row, now)) return null;
    let lastSeenAt = row.lastSeenAt.getTime();
    if (now - lastSeenAt > TOUCH_EVERY_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.id));
      lastSeenAt = now;
    }
    // Written out rather than spread from `session`: V8 gives an object spread and then added to a hidden
    // class of its own, about 220 bytes per cached session (a map and its descriptors) on top of the entry.
    const entry: CachedSession = {
      userId: row.userId,
      sessionId: row.id,
      expiresAt: row.expiresAt.getTime(),
      lastSeenAt,
      readAt: now,
    };
    this.cache.put(hash, entry, mark);
    return { userId: row.userId, sessionId: row.id };
  }

  /**
   * Listens for the sessions other processes end (an instance, `orbit user:disable`), so that the cache
   * serves: while the listening connection is lost the cache is off and every request reads its session.
   */
  listenForEnded(database: Database, log: Logger): () => Promise<void> {
    if (!database.listen) return async () => {};
    return database.listen(SESSIONS_ENDED_CHANNEL, {
      message: (payload) => this.cache.evict(payload.split(',').map(Number)),
      up: () => {
        this.cache.trust(true);
        log.info('listening for ended sessions: sessions are checked from the cache');
      },
      down: (err) => {
        if (this.cache.serving) {
          log.warn(
            { err },
            'ended sessions no longer heard: every request reads its session until heard again',
          );
        }
        this.cache.trust(false);
      },
    });
  }

  /** Not revoked, not idle too long, not past its lifetime: the one rule for requests and open sockets. */
  private isLive(row: Pick<SessionRow, 'revokedAt' | 'expiresAt' | 'lastSeenAt'>, now: number): boolean {
    if (row.revokedAt) return false;
    return this.isLiveAt(row.expiresAt.getTime(), row.lastSeenAt.getTime(), now);
  }

  private isLiveAt(expiresAt: number, lastSeenAt: number, now: number): boolean {
    return expiresAt > now && lastSeenAt + this.config.sessionIdleMs > now;
  }

  /** Which of these sessions have ended (revoked, expired, idle too long, or gone). */
  async endedAmong(db: Queryable, sessionIds: number[], now = Date.now()): Promise<number[]> {
    if (sessionIds.length === 0) return [];
    const rows = await db
      .select({
        id: sessions.id,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(inArray(sessions.id, sessionIds));
    const live = new Set(rows.filter((row) => this.isLive(row, now)).map((row) => row.id));
    return sessionIds.filter((id) => !live.has(id));
  }

  /** The member's live sessions (their devices), oldest first. */
  async liveOf(db: Queryable, userId: number, now = Date.now()): Promise<SessionRow[]> {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .orderBy(asc(sessions.id));
    return rows.filter((row) => this.isLive(row, now));
  }

  /** Ends one of the member's own sessions; false when it is not theirs or already ended by a sign-out. */
  async revokeOwn(db: Queryable, userId: number, sessionId: number): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await this.ended(
      db,
      rows.map((row) => row.id),
    );
    return rows.length > 0;
  }

  async revoke(db: Queryable, sessionId: number): Promise<void> {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    await this.ended(db, [sessionId]);
  }

  /** Password change: every other session of the member ends; the current one stays. Answers the ended ids. */
  revokeOthers(db: Queryable, userId: number, keepSessionId: number): Promise<number[]> {
    return this.revokeLive(db, and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
  }

  /**
   * Password reset or erasure: every session of the member ends. Answers the ended ids (their sockets to close).
   */
  revokeAll(db: Queryable, userId: number): Promise<number[]> {
    return this.revokeLive(db, eq(sessions.userId, userId));
  }

  private async revokeLive(db: Queryable, which: SQL | undefined): Promise<number[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(which, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    const ids = rows.map((row) => row.id);
    await this.ended(db, ids);
    return ids;
  }

  /**
   * What follows a session's end, in its statement's transaction: the device's push subscriptions end
   * (decision 0053), so nothing more reaches the lock screen of a device signed out, revoked or reset away;
   * this process's cache lets the sessions go, and every other process's once the transaction commits
   * (PostgreSQL's notifications are delivered on commit, decision 0064).
   */
  private async ended(db: Queryable, sessionIds: number[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, sessionIds));
    this.cache.evict(sessionIds);
    for (let from = 0; from < sessionIds.length; from += IDS_PER_NOTICE) {
      const ids = sessionIds.slice(from, from + IDS_PER_NOTICE).join(',');
      await db.execute(sql`SELECT pg_notify(${SESSIONS_ENDED_CHANNEL}, ${ids})`);
    }
  }
}
