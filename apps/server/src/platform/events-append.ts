import { type ChannelFollow, EventSubtype, EventType } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { channelEvents, events } from '../db/schema';
import type { CommittedBatch, CommittedChannelEvent, CommittedEvent, PendingEmit } from './tx';

/** How many sequence numbers each stream (`u:<member>`, `c:<community>`) takes in one unit of work. */
export type StreamCounts = Map<string, number>;

/**
 * Advances every stream in one statement, in one global order (byte order of the key), and answers each
 * stream's new top. Two units of work lock the streams they share in the same order, so they never deadlock
 * on them; the locks are held from here to the commit, while only the event rows are inserted.
 */
async function advanceStreams(tx: Tx, counts: StreamCounts): Promise<Map<string, number>> {
  const keys = [...counts.keys()].sort();
  const values = sql.join(
    keys.map((key) => sql`(${key}::text, ${counts.get(key)}::bigint)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    INSERT INTO event_streams (stream, seq)
    SELECT k, n FROM (VALUES ${values}) AS t(k, n) ORDER BY k COLLATE "C"
    ON CONFLICT (stream) DO UPDATE SET seq = event_streams.seq + excluded.seq
    RETURNING stream, seq`);
  const rows = (result as unknown as { rows: { stream: string; seq: string | number }[] }).rows;
  return new Map(rows.map((row) => [row.stream, Number(row.seq)]));
}

/** The member's sockets follow the community's channel from `from` on (NEW) or no longer (DELETE). */
function membershipEvent(communityId: number, joined: boolean, from: number) {
  return {
    type: EventType.CHANNEL,
    subtype: joined ? EventSubtype.NEW : EventSubtype.DELETE,
    data: { community_id: communityId, from } satisfies ChannelFollow,
  };
}

type PersonalRow = Omit<CommittedEvent, 'eventId'>;
type ChannelRow = Omit<CommittedChannelEvent, 'eventId'>;

/** Writes the collected emits with their sequences; answers the rows as the publisher takes them. */
export async function appendEvents(
  tx: Tx,
  counts: StreamCounts,
  emits: PendingEmit[],
): Promise<CommittedBatch> {
  const tops = await advanceStreams(tx, counts);
  const next = new Map<string, number>();
  const take = (stream: string) => {
    const seq = next.get(stream) ?? (tops.get(stream) ?? 0) - (counts.get(stream) ?? 0) + 1;
    next.set(stream, seq + 1);
    return seq;
  };
  const ts = new Date().toISOString();
  const personal: PersonalRow[] = [];
  const channel: ChannelRow[] = [];
  for (const emit of emits) {
    if (emit.kind === 'personal') {
      for (const recipientId of emit.recipients) {
        personal.push({ recipientId, seq: take(`u:${recipientId}`), ts, ...pick(emit) });
      }
    } else if (emit.kind === 'channel') {
      const { communityId, type, subtype, groups } = emit;
      channel.push({ communityId, seq: take(`c:${communityId}`), type, subtype, ts, groups });
    } else {
      const stream = `c:${emit.communityId}`;
      const from = (tops.get(stream) ?? 0) - (counts.get(stream) ?? 0);
      const event = membershipEvent(emit.communityId, emit.joined, from);
      personal.push({ recipientId: emit.userId, seq: take(`u:${emit.userId}`), ts, ...event });
    }
  }
  return { personal: await insertPersonal(tx, personal), channel: await insertChannel(tx, channel) };
}

function pick(emit: { type: EventType; subtype: EventSubtype | null; data: unknown }) {
  return { type: emit.type, subtype: emit.subtype, data: emit.data };
}

const keyOf = (owner: number, seq: number) => `${owner}:${seq}`;

async function insertPersonal(tx: Tx, rows: PersonalRow[]): Promise<CommittedEvent[]> {
  if (rows.length === 0) return [];
  const createdAt = new Date(rows[0].ts);
  const ids = await tx
    .insert(events)
    .values(
      rows.map((r) => ({
        recipientId: r.recipientId,
        seq: r.seq,
        type: r.type,
        subtype: r.subtype,
        data: r.data,
        createdAt,
      })),
    )
    .returning({ id: events.id, recipientId: events.recipientId, seq: events.seq });
  return withIds(rows, ids, (r) => keyOf(r.recipientId, r.seq));
}

async function insertChannel(tx: Tx, rows: ChannelRow[]): Promise<CommittedChannelEvent[]> {
  if (rows.length === 0) return [];
  const createdAt = new Date(rows[0].ts);
  const ids = await tx
    .insert(channelEvents)
    .values(
      rows.map((r) => ({
        communityId: r.communityId,
        seq: r.seq,
        type: r.type,
        subtype: r.subtype,
        groups: r.groups,
        createdAt,
      })),
    )
    .returning({ id: channelEvents.id, communityId: channelEvents.communityId, seq: channelEvents.seq });
  return withIds(rows, ids, (r) => keyOf(r.communityId, r.seq));
}

/** Pairs each written row with its id by its (owner, seq) key: RETURNING's order is not a promise. */
function withIds<R extends PersonalRow | ChannelRow, K extends { id: number; seq: number }>(
  rows: R[],
  written: (K & ({ recipientId: number } | { communityId: number }))[],
  key: (row: R) => string,
): (R & { eventId: number })[] {
  const idByKey = new Map(
    written.map((w) => [keyOf('recipientId' in w ? w.recipientId : w.communityId, w.seq), w.id]),
  );
  return rows.map((row) => ({ ...row, eventId: idByKey.get(key(row)) as number }));
}
