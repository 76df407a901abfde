import type { EventData, EventSubtype, EventSubtypeOf, EventType } from '@orbit/contract';
import { eq, sql } from 'drizzle-orm';
import { commitWithNextStatement } from '../db/begin-with-first';
import type { Db, Tx } from '../db/client';
import { preparedForAny } from '../db/prepared';
import { type ChannelGroup, userBlocks } from '../db/schema';
import { appendEvents, type StreamCounts } from './events-append';
import { retryable, retryDelayMs, TX_ATTEMPTS } from './tx-retry';

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

/** One community channel row: the change once, with the groups of members who see it and how. */
export interface CommittedChannelEvent {
  eventId: number;
  communityId: number;
  seq: number;
  type: EventType;
  subtype: EventSubtype | null;
  ts: string;
  groups: ChannelGroup[];
}

export interface CommittedBatch {
  personal: CommittedEvent[];
  channel: CommittedChannelEvent[];
}

/** Looks at one emitted payload before it is written (the test suite's schema check); never in production. */
export type EmitCheck = (type: EventType, subtype: EventSubtype | null, data: unknown) => void;

/** One group of a channel event: the members who see the change as `data`. */
export interface EmitGroup<T extends EventType, S> {
  ids: number[];
  data: EventData<T, S>;
}

export interface EventPublisher {
  /** Called after commit; must never throw into the caller (the sweeper retries what it misses). */
  publishCommitted(batch: CommittedBatch): void;
  /** Set only where emitted payloads are checked against the contract's event catalogue (tests). */
  checkEmit?: EmitCheck;
  /** A unit of work lost a deadlock or serialization race and runs again (logged once, with its place). */
  noteRetry?(place: string, code: string, attempt: number): void;
}

/** An emit waiting for commit: personal rows for each recipient, or one channel row. */
export type PendingEmit =
  | {
      kind: 'personal';
      recipients: number[];
      type: EventType;
      subtype: EventSubtype | null;
      data: unknown;
      /** Chosen by a rule a block does not change (emit's `despiteBlocks`): the actor's blockers stay in. */
      despiteBlocks: boolean;
    }
  | {
      kind: 'channel';
      communityId: number;
      type: EventType;
      subtype: EventSubtype | null;
      groups: ChannelGroup[];
    }
  | { kind: 'membership'; userId: number; communityId: number; joined: boolean };

/**
 * A unit of work: one transaction plus the events it causes. Emits are collected in memory and written right
 * before commit (flush), in one ordered step, so that no sequence lock is held while the transaction does its
 * other work; they reach the bus only once the commit succeeded.
 */
/** Who blocked a unit of work's actor: read by nearly every write that reaches other members. */
const blockersOf = preparedForAny('blockers_of_actor', (db) =>
  db
    .select({ id: userBlocks.blockerId })
    .from(userBlocks)
    .where(eq(userBlocks.blockedId, sql.placeholder('actor'))),
);

export class Work {
  readonly pending: CommittedEvent[] = [];
  readonly pendingChannel: CommittedChannelEvent[] = [];
  private readonly emits: PendingEmit[] = [];
  /** Members whose block of the actor this unit already read (`knowBlockersAmong`), and which of them did. */
  private readonly blocksRead = { among: new Set<number>(), blockers: new Set<number>() };
  /** Run once the transaction committed (a worker woken for what it queued); never on a rollback. */
  readonly committed: (() => void)[] = [];
  constructor(
    readonly tx: Tx,
    private readonly check?: EmitCheck,
    /** The member whose request this is (`unitOfWork`): none of its events reaches a member who blocked them. */
    readonly actor?: number,
  ) {}

  /**
   * One event to each recipient's personal stream. Its type and subtype select the payload's type in the
   * contract's event catalogue. `despiteBlocks`: the recipients are chosen by a rule that a block does not
   * change (a report reaches every moderator who may read it, decision 0052), so the actor's blockers are not
   * left out of it (decision 0046's filter), and such an emit alone costs the unit of work no block probe.
   */
  async emit<T extends EventType, S extends EventSubtypeOf<T>>(
    recipientIds: Iterable<number>,
    type: T,
    subtype: S,
    data: EventData<T, S>,
    options: { despiteBlocks?: boolean } = {},
  ) {
    const recipients = [...new Set(recipientIds)];
    if (recipients.length === 0) return;
    this.check?.(type, subtype, data);
    const despiteBlocks = options.despiteBlocks === true;
    this.emits.push({ kind: 'personal', recipients, type, subtype, data, despiteBlocks });
  }

  /**
   * Tells the unit which of `members` blocked its actor, read in this transaction by a statement the caller
   * made anyway (a thread's participants, a post's audience): when every recipient is among them, the flush
   * leaves the blockers out without a probe of its own.
   */
  knowBlockersAmong(members: Iterable<number>, blockers: Iterable<number>) {
    for (const id of members) this.blocksRead.among.add(id);
    for (const id of blockers) this.blocksRead.blockers.add(id);
  }

  /** Calls `then` after the commit (each unit of work once), to wake a worker for rows this work queued. */
  afterCommit(then: () => void) {
    if (!this.committed.includes(then)) this.committed.push(then);
  }

  /** One event on a community's channel: each group's members see its data; other members skip it. */
  emitToCommunity<T extends EventType, S extends EventSubtypeOf<T>>(
    communityId: number,
    type: T,
    subtype: S,
    groups: EmitGroup<T, S>[],
  ) {
    const seen: ChannelGroup[] = groups.filter((group) => group.ids.length > 0);
    if (seen.length === 0) return;
    for (const group of seen) this.check?.(type, subtype, group.data);
    this.emits.push({ kind: 'channel', communityId, type, subtype, groups: seen });
  }

  /**
   * The member's sockets start (or stop) following the community's channel from this commit on: a CHANNEL
   * event on their personal stream, carrying the channel's position at the commit.
   */
  membershipChanged(userId: number, communityId: number, joined: boolean) {
    this.emits.push({ kind: 'membership', userId, communityId, joined });
  }

  /**
   * Drops this member from every emit collected so far: their account is erased in this unit of work, so no
   * event may be written to them (their row is gone by the flush) nor name them as a channel recipient.
   */
  forgetRecipient(userId: number) {
    const kept = this.emits.flatMap((emit): PendingEmit[] => {
      if (emit.kind === 'membership') return emit.userId === userId ? [] : [emit];
      if (emit.kind === 'personal') {
        const recipients = emit.recipients.filter((id) => id !== userId);
        return recipients.length > 0 ? [{ ...emit, recipients }] : [];
      }
      const groups = emit.groups
        .map((group) => ({ ...group, ids: group.ids.filter((id) => id !== userId) }))
        .filter((group) => group.ids.length > 0);
      return groups.length > 0 ? [{ ...emit, groups }] : [];
    });
    this.emits.splice(0, this.emits.length, ...kept);
  }

  /**
   * Writes every collected emit: sequences advanced and rows written in one statement, the transaction's last,
   * so its `COMMIT` goes with it (decision 0081): the streams' row locks are let go in the same round trip.
   */
  async flush(): Promise<void> {
    await this.leaveOutBlockers();
    if (this.emits.length === 0) return;
    const counts: StreamCounts = new Map();
    const add = (stream: string, n: number) => counts.set(stream, (counts.get(stream) ?? 0) + n);
    for (const emit of this.emits) {
      if (emit.kind === 'personal') for (const id of emit.recipients) add(`u:${id}`, 1);
      else if (emit.kind === 'channel') add(`c:${emit.communityId}`, 1);
      else {
        add(`u:${emit.userId}`, 1);
        add(`c:${emit.communityId}`, 0);
      }
    }
    commitWithNextStatement(this.tx);
    const written = await appendEvents(this.tx, counts, this.emits.splice(0));
    this.pending.push(...written.personal);
    this.pendingChannel.push(...written.channel);
  }

  /**
   * Drops the members who blocked the actor from every personal and channel emit (docs/decisions/0046), so
   * that no row for them is written, live or replayed. One index probe (user_blocks_blocked_idx) per unit of
   * work that emits to anyone but its actor; membership changes (sockets following channels) and the emits
   * made despite blocks (a moderator's reports, decision 0052) stay.
   */
  private async leaveOutBlockers(): Promise<void> {
    const actor = this.actor;
    if (actor === undefined) return;
    const reached = this.emits.flatMap((emit) => {
      if (emit.kind === 'personal') return emit.despiteBlocks ? [] : emit.recipients;
      return emit.kind === 'channel' ? emit.groups.flatMap((group) => group.ids) : [];
    });
    const others = reached.filter((id) => id !== actor);
    if (others.length === 0) return;
    const blockers = others.every((id) => this.blocksRead.among.has(id))
      ? this.blocksRead.blockers
      : new Set((await blockersOf(this.tx).execute({ actor })).map((row) => row.id));
    if (blockers.size === 0) return;
    const kept = (ids: number[]) => ids.filter((id) => !blockers.has(id));
    const emits = this.emits.splice(0).flatMap((emit): PendingEmit[] => {
      if (emit.kind === 'personal') {
        if (emit.despiteBlocks) return [emit];
        const recipients = kept(emit.recipients);
        return recipients.length > 0 ? [{ ...emit, recipients }] : [];
      }
      if (emit.kind === 'channel') {
        const groups = emit.groups.map((g) => ({ ...g, ids: kept(g.ids) })).filter((g) => g.ids.length > 0);
        return groups.length > 0 ? [{ ...emit, groups }] : [];
      }
      return [emit];
    });
    this.emits.push(...emits);
  }
}

export interface UnitOfWorkDeps {
  db: Db;
  publisher: EventPublisher;
  /** The member whose request it is (deps.ts `unitOfWork`), when its events reach others. */
  actor?: number;
}

/**
 * Runs `fn` in one transaction; its events are written at its end and reach the bus only after the commit
 * succeeded. A deadlock or serialization failure runs the whole unit again (bounded, with jitter), so `fn`
 * must keep its side effects inside the transaction.
 */
export async function inTransaction<T>(deps: UnitOfWorkDeps, fn: (work: Work) => Promise<T>): Promise<T> {
  const origin = new Error('unit of work');
  for (let attempt = 1; ; attempt += 1) {
    let work: Work | undefined;
    try {
      const result = await deps.db.transaction(async (tx) => {
        work = new Work(tx, deps.publisher.checkEmit, deps.actor);
        const value = await fn(work);
        await work.flush();
        return value;
      });
      if (work && (work.pending.length > 0 || work.pendingChannel.length > 0)) {
        deps.publisher.publishCommitted({ personal: work.pending, channel: work.pendingChannel });
      }
      for (const then of work?.committed ?? []) then();
      return result;
    } catch (err) {
      const code = retryable(err);
      if (!code || attempt >= TX_ATTEMPTS) throw err;
      deps.publisher.noteRetry?.(placeOf(origin), code, attempt);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/** The first frame of the stack outside this file: where the unit of work was started. */
function placeOf(origin: Error): string {
  const frames = (origin.stack ?? '').split('\n').slice(1);
  const caller = frames.find((line) => !line.includes('platform/tx.ts'));
  return caller?.trim().replace(/^at /, '') ?? 'unknown';
}
