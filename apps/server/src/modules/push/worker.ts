import type { PushPayload } from '@orbit/contract';
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import { retryDelayMs } from '../../platform/mail';
import { Periodic } from '../../platform/periodic';
import { PushEndpoints } from './endpoint';
import { expandFanouts } from './fanout';
import { type VapidKeys, vapidKeysOf } from './keys';

/** How often each instance looks for pushes due; a commit that queued some wakes the process's workers. */
export const PUSH_POLL_MS = 1_000;
/** A taken row is left alone this long by the other workers: well beyond one send's deadline. */
const LEASE_MS = 60_000;
/** One request to a push service, connection included, answers within this or is retried. */
const SEND_DEADLINE_MS = 10_000;
const BATCH = 50;
/**
 * Devices sent to side by side within a pass (one device's pushes in order, one after another): a post to a
 * community of 2000 is 2000 requests, each mostly waiting on the push service.
 */
const DEVICES_AT_ONCE = 8;

const started = new Set<PushOutbox>();
/** Wakes every started push worker of this process (after a commit that queued pushes). */
export function wakePushWorkers(): void {
  for (const worker of started) worker.kick();
}

type OutboxRow = typeof pushOutbox.$inferSelect;
type Taken = OutboxRow & Pick<typeof pushSubscriptions.$inferSelect, 'endpoint' | 'p256dh' | 'auth'>;

export interface PushReport {
  sent: number;
  retried: number;
  dropped: number;
}

/** What one send came to: done, the subscription gone (404/410), try again (429, 5xx, no answer), or drop. */
type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; afterMs: number; why: string }
  | { kind: 'drop'; why: string };

/**
 * The push worker (decision 0053): takes due rows with FOR UPDATE SKIP LOCKED, moving them ahead by a lease
 * in that statement's transaction, so instances working at once take disjoint rows; encrypts and sends each
 * outside any transaction, within a short deadline, through the SSRF guard; deletes a row once the push
 * service took it, deletes the subscription on 404 or 410, and retries 429, 5xx and timeouts with backoff
 * (honouring Retry-After) until the push's time to live has passed.
 */
export class PushOutbox {
  private readonly poll: Periodic;
  private readonly agent: Agent;
  readonly endpoints: PushEndpoints;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'vapid' | 'vapidSubject' | 'pushAllowedHosts'>,
    private readonly log: Logger,
  ) {
    this.endpoints = new PushEndpoints(config.pushAllowedHosts);
    this.agent = new Agent({ connect: { lookup: this.endpoints.lookup, timeout: SEND_DEADLINE_MS } });
    this.poll = new Periodic(
      PUSH_POLL_MS,
      () => this.deliverAllDue(),
      (err) => log.warn({ err }, 'push outbox pass failed; the next one retries'),
    );
  }

  start(): void {
    started.add(this);
    this.poll.start();
  }

  kick(): void {
    this.poll.runSoon();
  }

  async stop(): Promise<void> {
    started.delete(this);
    await this.poll.stop();
    await this.agent.close();
  }

  /**
   * Pass after pass while they come back full, rather than one a poll: thousands due at once (a community
   * post) would otherwise go out at BATCH a second. A retried row is due later, so this ends.
   */
  private async deliverAllDue(): Promise<void> {
    for (;;) {
      const { sent, retried, dropped } = await this.deliverDue();
      if (!started.has(this) || sent + retried + dropped < BATCH) return;
    }
  }

  /**
   * One pass: the community pushes waiting expanded into their members' rows first, then every row due at
   * `now`, at most BATCH of them, DEVICES_AT_ONCE devices side by side.
   */
  async deliverDue(now = Date.now()): Promise<PushReport> {
    await this.expand(now);
    const report = { sent: 0, retried: 0, dropped: 0 };
    const taken = await this.take(now);
    if (taken.length === 0) return report;
    const keys = await vapidKeysOf(this.db, this.config);
    const byDevice = new Map<number, Taken[]>();
    for (const row of taken)
      byDevice.set(row.subscriptionId, [...(byDevice.get(row.subscriptionId) ?? []), row]);
    const devices = [...byDevice.values()];
    const lane = async () => {
      for (let rows = devices.shift(); rows; rows = devices.shift()) {
        for (const row of rows) {
          const outcome = await this.send(row, keys, now);
          await this.settle(row, outcome, now);
          if (outcome.kind === 'sent') report.sent += 1;
          else if (outcome.kind === 'retry' && !this.expired(row, now + outcome.afterMs)) report.retried += 1;
          else report.dropped += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(DEVICES_AT_ONCE, devices.length) }, lane));
    return report;
  }

  /** A fan-out that fails (one job, or the database away) is retried at the next pass and keeps no push from going. */
  private async expand(now: number): Promise<void> {
    try {
      const { failed, ...expanded } = await expandFanouts(this.db, now);
      if (expanded.finished > 0) this.log.info(expanded, 'community pushes expanded');
      for (const { jobId, err } of failed)
        this.log.error(
          { err, jobId },
          'a community push could not be expanded; the next pass tries it again',
        );
    } catch (err) {
      this.log.warn({ err }, 'community push expansion failed; the next pass resumes it');
    }
  }

  private take(now: number): Promise<Taken[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          row: pushOutbox,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushOutbox)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
        .where(lte(pushOutbox.nextAttemptAt, new Date(now)))
        .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.id))
        .limit(BATCH)
        .for('update', { of: pushOutbox, skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(pushOutbox)
        .set({ nextAttemptAt: new Date(now + LEASE_MS), attempts: sql`${pushOutbox.attempts} + 1` })
        .where(
          inArray(
            pushOutbox.id,
            rows.map(({ row }) => row.id),
          ),
        );
      return rows.map(({ row, ...subscription }) => ({
        ...row,
        ...subscription,
        attempts: row.attempts + 1,
      }));
    });
  }

  private expired(row: OutboxRow, at: number): boolean {
    return row.expiresAt.getTime() <= at;
  }

  private async send(row: Taken, keys: VapidKeys, now: number): Promise<Outcome> {
    if (this.expired(row, now)) return { kind: 'drop', why: 'its time to live passed' };
    try {
      this.endpoints.assertSendable(new URL(row.endpoint));
      const details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(row.payload as PushPayload),
        {
          vapidDetails: { subject: this.config.vapidSubject, ...keys },
          // What is left of its time to live: a retry does not extend it.
          TTL: Math.max(0, Math.floor((row.expiresAt.getTime() - now) / 1000)),
          urgency: row.urgency as webpush.Urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      const answer = await request(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(SEND_DEADLINE_MS),
      });
      await answer.body.dump();
      return outcomeOf(answer.statusCode, answer.headers['retry-after'], row.attempts, now);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      if ((err as Error).name === 'RefusedAddressError') return { kind: 'drop', why };
      return { kind: 'retry', afterMs: retryDelayMs(row.attempts), why };
    }
  }

  private async settle(row: Taken, outcome: Outcome, now: number): Promise<void> {
    const fields = { pushId: row.id, subscriptionId: row.subscriptionId, attempts: row.attempts };
    if (outcome.kind === 'gone') {
      await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
      this.log.info(fields, 'push subscription gone at its push service; deleted');
      return;
    }
    if (outcome.kind === 'retry' && !this.expired(row, now + outcome.afterMs)) {
      await this.db
        .update(pushOutbox)
        .set({ nextAttemptAt: new Date(now + outcome.afterMs), lastError: outcome.why.slice(0, 500) })
        .where(eq(pushOutbox.id, row.id));
      this.log.warn({ ...fields, err: outcome.why }, 'push not delivered; it is retried');
      return;
    }
    await this.db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
    if (outcome.kind !== 'sent') this.log.warn({ ...fields, err: outcome.why }, 'push dropped');
  }
}

/** RFC 8030 §5: 201 (or any 2xx) taken; 404 and 410 the subscription is gone; 429 and 5xx worth a retry. */
function outcomeOf(
  status: number,
  retryAfter: string | string[] | undefined,
  attempts: number,
  now: number,
): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500) {
    const asked = retryAfterMs(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, now);
    return {
      kind: 'retry',
      afterMs: Math.max(asked, retryDelayMs(attempts)),
      why: `the push service answered ${status}`,
    };
  }
  return { kind: 'drop', why: `the push service refused it with ${status}` };
}

/** Retry-After as seconds or as an HTTP date; 0 when absent or unreadable. */
function retryAfterMs(value: string | undefined, now: number): number {
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}
