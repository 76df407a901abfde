/** A live session as the database last answered it. */
export interface CachedSession {
  userId: number;
  sessionId: number;
  expiresAt: number;
  lastSeenAt: number;
  /** When the database answered it: the entry serves until the session's last-seen time is due again. */
  readAt: number;
}

/** What the cache has answered since the process started (orbit_session_cache_total). */
export interface SessionCacheCounts {
  hits: number;
  misses: number;
}

/**
 * Live sessions by token hash, so that a request's session check need not read the database (issue 28). It
 * serves only while every revocation reaches it (`trusted`): with one process on the database, which evicts
 * as it revokes, or with PostgreSQL's notifications of the revocations of every process listened to
 * (SessionStore). When that stops it empties and serves nothing until told again.
 *
 * A read that began before an eviction is not kept (`mark`): its row may be older than the revocation.
 */
export class SessionCache {
  private readonly byHash = new Map<string, CachedSession>();
  private readonly hashById = new Map<number, string>();
  private trusted: boolean;
  /** Moves on at every eviction and every change of trust. */
  private revision = 0;
  readonly counts: SessionCacheCounts = { hits: 0, misses: 0 };

  /**
   * @param max entries kept at most (the oldest goes first); 0 turns the cache off
   * @param freshMs how long an entry serves after its read
   */
  constructor(
    private readonly max: number,
    private readonly freshMs: number,
    trusted: boolean,
  ) {
    this.trusted = trusted && max > 0;
  }

  get serving(): boolean {
    return this.trusted;
  }

  /** The session for a token hash while fresh; counted as a hit or a miss. */
  get(hash: string, now: number): CachedSession | undefined {
    const entry = this.trusted ? this.byHash.get(hash) : undefined;
    const fresh = entry && now - entry.readAt < this.freshMs ? entry : undefined;
    if (fresh) this.counts.hits += 1;
    else this.counts.misses += 1;
    return fresh;
  }

  /** Taken before a read of the database, handed back to `put` with what it read. */
  mark(): number {
    return this.revision;
  }

  put(hash: string, session: CachedSession, mark: number): void {
    if (!this.trusted || mark !== this.revision) return;
    this.byHash.delete(hash);
    if (this.byHash.size >= this.max) this.dropOldest();
    this.byHash.set(hash, session);
    this.hashById.set(session.sessionId, hash);
  }

  evict(sessionIds: readonly number[]): void {
    this.revision += 1;
    for (const id of sessionIds) {
      const hash = this.hashById.get(id);
      if (hash === undefined) continue;
      this.hashById.delete(id);
      this.byHash.delete(hash);
    }
  }

  /** Whether revocations reach the cache; either way it starts empty. */
  trust(trusted: boolean): void {
    this.revision += 1;
    this.trusted = trusted && this.max > 0;
    this.byHash.clear();
    this.hashById.clear();
  }

  private dropOldest(): void {
    const oldest = this.byHash.entries().next().value;
    if (!oldest) return;
    this.byHash.delete(oldest[0]);
    this.hashById.delete(oldest[1].sessionId);
  }
}
