import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { Periodic } from '../periodic';
import type { MailTransport, OutgoingMail } from './transport';

/** A message to one member, queued in the transaction of the change that causes it. */
export interface QueuedMail extends OutgoingMail {
  userId: number;
}

/** How often each instance looks for mail due; a commit also wakes its own instance's worker at once. */
export const MAIL_POLL_MS = 2_000;
/** A taken row is left alone this long by the other workers (a send times out well before). */
export const LEASE_MS = 2 * 60_000;
/** Rows taken per pass. */
const BATCH = 20;
/** Retries come after 5 s, 10 s, 20 s, ... at most 5 minutes apart; a day of failures gives the mail up. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** Writes a message to the outbox; it goes out only once the caller's transaction commits. */
export async function queueMail(tx: Queryable, mail: QueuedMail): Promise<void> {
  await tx.insert(mailOutbox).values({
    userId: mail.userId,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    link: mail.link,
  });
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * The mail worker: takes due rows with FOR UPDATE SKIP LOCKED and moves them ahead by a lease in the same
 * statement's transaction, so that instances working at once take disjoint rows; sends outside any
 * transaction; deletes a row once the server took it, or sets its next attempt after a failure.
 */
export class MailOutbox {
  private readonly poll: Periodic;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: Logger,
  ) {
    this.poll = new Periodic(
      MAIL_POLL_MS,
      async () => void (await this.deliverDue()),
      (err) => log.warn({ err }, 'mail outbox pass failed; the next one retries'),
    );
  }

  start(): void {
    this.poll.start();
  }

  /** Wakes the worker after a commit that queued mail (a no-op while it is not started). */
  kick(): void {
    this.poll.runSoon();
  }

  async stop(): Promise<void> {
    await this.poll.stop();
    this.transport.close();
  }

  /** One pass: every row due at `now`, at most BATCH of them. */
  async deliverDue(now = Date.now()): Promise<DeliveryReport> {
    const taken = await this.take(now);
    const report = { sent: 0, failed: 0 };
    for (const row of taken) {
      try {
        await this.transport.send({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          link: row.link,
        });
        await this.db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
        report.sent += 1;
      } catch (err) {
        await this.failed(row, err, now);
        report.failed += 1;
      }
    }
    return report;
  }

  private take(now: number) {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.failedAt), lte(mailOutbox.nextAttemptAt, new Date(now))))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(
          inArray(
            mailOutbox.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    });
  }

  private async failed(row: typeof mailOutbox.$inferSelect, err: unknown, now: number) {
    const givenUp = now - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
    const lastError = err instanceof Error ? err.message.slice(0, 500) : String(err);
    await this.db
      .update(mailOutbox)
      .set({
        nextAttemptAt: new Date(now + retryDelayMs(row.attempts)),
        lastError,
        failedAt: givenUp ? new Date(now) : null,
      })
      .where(eq(mailOutbox.id, row.id));
    const fields = { mailId: row.id, attempts: row.attempts, err: lastError };
    if (givenUp) this.log.error(fields, 'mail given up after a day of failed attempts');
    else this.log.warn(fields, 'mail not sent; it is retried');
  }
}
