import fs from 'node:fs/promises';
import path from 'node:path';
import type { ReadyChecks } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Static } from 'typebox';
import type { Db } from '../../db/client';
import type { Media } from '../media';
import { within } from './within';

export type Checks = Static<typeof ReadyChecks>;

/** The database answers within this or the instance is not ready (issue 27). */
export const DATABASE_DEADLINE_MS = 1_000;
/** A gateway already connected answers at once; one that is not is not waited for longer than this. */
const JANUS_DEADLINE_MS = 1_000;

export interface ReadinessDeps {
  db: Db;
  redis: Redis | null;
  media: Media;
  /** The folder local uploads are written to; null when they go to S3 (not probed: see decision 0055). */
  localFiles: string | null;
}

/**
 * What GET /api/ready answers (decision 0055): the instance is ready while it is not draining and its
 * database answers within a second. Redis, Janus and storage are reported: without Redis and Janus Orbit
 * serves on (rate limits per instance, no calls); only this instance's own disk failing takes it out too.
 * Probes that arrive while one is running share its answer, so a burst of them costs one query.
 */
export class Readiness {
  private draining = false;
  private running: Promise<{ ready: boolean; checks: Checks }> | null = null;

  constructor(private readonly deps: ReadinessDeps) {}

  /** From now on the instance is not ready, whatever its dependencies say. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  check(): Promise<{ ready: boolean; checks: Checks }> {
    this.running ??= this.probe().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async probe(): Promise<{ ready: boolean; checks: Checks }> {
    const [database, janus, storage] = await Promise.all([this.database(), this.janus(), this.storage()]);
    const checks: Checks = { database, redis: this.redis(), janus, storage };
    if (this.draining) checks.instance = 'draining';
    const ready = !this.draining && database === 'ok' && storage === 'ok';
    return { ready, checks };
  }

  private async database(): Promise<'ok' | 'down'> {
    const answered = this.deps.db.execute(sql`SELECT 1`).then(() => true);
    return (await within(answered, DATABASE_DEADLINE_MS, false)) ? 'ok' : 'down';
  }

  /** ioredis keeps its connection's state: no round trip needed. */
  private redis(): Checks['redis'] {
    if (!this.deps.redis) return 'absent';
    return this.deps.redis.status === 'ready' ? 'ok' : 'down';
  }

  /** One gateway answering is enough to place calls; one marked down is not tried again here. */
  private async janus(): Promise<Checks['janus']> {
    const { media } = this.deps;
    if (!media.available) return 'absent';
    const candidates = media.gateways.filter((gateway) => !gateway.down);
    const answers = await Promise.all(
      candidates.map((gateway) => within(gateway.answers(), JANUS_DEADLINE_MS, false)),
    );
    return answers.includes(true) ? 'ok' : 'down';
  }

  /** The uploads folder (or the nearest folder that will hold it) can be written. */
  private async storage(): Promise<'ok' | 'down'> {
    let folder = this.deps.localFiles;
    if (!folder) return 'ok';
    for (;;) {
      try {
        await fs.access(folder, fs.constants.W_OK);
        return 'ok';
      } catch (err) {
        const parent = path.dirname(folder);
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === folder) return 'down';
        folder = parent;
      }
    }
  }
}
