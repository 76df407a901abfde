import type { EventSubtype, EventType } from '@orbit/contract';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { events, users } from '../db/schema';

/** One outbox row as written in the transaction, handed to the publisher after commit. */
export interface CommittedEvent {
  eventId: number;
  recipientId: number;
  seq: number;
  type: EventType;
  subtype: EventSubtype | null;
  ts: string;
  data: unknown;
}

export interface EventPublisher {
  /** Called after commit; must never throw into the caller (the sweeper retries what it misses). */
  publishCommitted(rows: CommittedEvent[]): void;
}

/** A unit of work: one transaction plus the events it causes, published only once it has committed. */
export class Work {
  readonly pending: CommittedEvent[] = [];
  constructor(readonly tx: Tx) {}

  /** Writes one event per recipient into the outbox, in this transaction, with each one's next sequence. */
  async emit(recipientIds: Iterable<number>, type: EventType, subtype: EventSubtype | null, data: unknown) {
    const ids = [...new Set(recipientIds)].sort((a, b) => a - b);
    if (ids.length === 0) return;
    // Lock recipients in id order so that concurrent emitters never deadlock.
    await this.tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id))
      .for('update');
    const seqs = await this.tx
      .update(users)
      .set({ eventSeq: sql`${users.eventSeq} + 1` })
      .where(inArray(users.id, ids))
      .returning({ id: users.id, seq: users.eventSeq });
    const now = new Date();
    const rows = await this.tx
      .insert(events)
      .values(seqs.map((s) => ({ recipientId: s.id, seq: s.seq, type, subtype, data, createdAt: now })))
      .returning({ id: events.id, recipientId: events.recipientId, seq: events.seq });
    const ts = now.toISOString();
    for (const r of rows) {
      this.pending.push({ eventId: r.id, recipientId: r.recipientId, seq: r.seq, type, subtype, ts, data });
    }
  }
}

export interface UnitOfWorkDeps {
  db: Db;
  publisher: EventPublisher;
}

/** Runs `fn` in one transaction; its events reach the bus only after the commit succeeded. */
export async function inTransaction<T>(deps: UnitOfWorkDeps, fn: (work: Work) => Promise<T>): Promise<T> {
  let work: Work | undefined;
  const result = await deps.db.transaction(async (tx) => {
    work = new Work(tx);
    return fn(work);
  });
  if (work && work.pending.length > 0) deps.publisher.publishCommitted(work.pending);
  return result;
}
