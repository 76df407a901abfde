import { type ChannelFollow, EventSubtype, EventType } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { preparedSql } from '../db/prepared';
import type { CommittedBatch, CommittedChannelEvent, CommittedEvent, PendingEmit } from './tx';

/** How many sequence numbers each stream (`u:<member>`, `c:<community>`) takes in one unit of work. */
export type StreamCounts = Map<string, number>;

/** A row to write: its stream's new top, once known, plus `offset` is its sequence. */
interface Planned {
  stream: string;
  offset: number;
}
type PersonalPlan = Planned &
  Omit<PersonalRow, 'seq'> & { fromStream: string | null; fromOffset: number | null };
type ChannelPlan = Planned & Omit<ChannelRow, 'seq'>;

/** The member's sockets follow the community's channel from `from` on (NEW) or no longer (DELETE). */
function membershipEvent(communityId: number, joined: boolean) {
  return {
    type: EventType.CHANNEL,
    subtype: joined ? EventSubtype.NEW : EventSubtype.DELETE,
    // `from` is the channel's top before this unit of work: set in the statement that advances it.
    data: { community_id: communityId, from: 0 } satisfies ChannelFollow,
  };
}

type PersonalRow = Omit<CommittedEvent, 'eventId'>;
type ChannelRow = Omit<CommittedChannelEvent, 'eventId'>;

/**
 * Plans every emit's row against its stream: the k-th of a stream's n rows in this unit of work gets the
 * stream's new top minus n - k, known only once the streams are advanced.
 */
function plan(counts: StreamCounts, emits: PendingEmit[], ts: string) {
  const taken = new Map<string, number>();
  const take = (stream: string): Planned => {
    const k = (taken.get(stream) ?? 0) + 1;
    taken.set(stream, k);
    return { stream, offset: k - (counts.get(stream) ?? 0) };
  };
  const personal: PersonalPlan[] = [];
  const channel: ChannelPlan[] = [];
  for (const emit of emits) {
    if (emit.kind === 'personal') {
      for (const recipientId of emit.recipients) {
        personal.push({
          ...take(`u:${recipientId}`),
          recipientId,
          ts,
          ...pick(emit),
          fromStream: null,
          fromOffset: null,
        });
      }
    } else if (emit.kind === 'channel') {
      const { communityId, type, subtype, groups } = emit;
      channel.push({ ...take(`c:${communityId}`), communityId, type, subtype, ts, groups });
    } else {
      const fromStream = `c:${emit.communityId}`;
      const event = membershipEvent(emit.communityId, emit.joined);
      const fromOffset = -(counts.get(fromStream) ?? 0);
      personal.push({
        ...take(`u:${emit.userId}`),
        recipientId: emit.userId,
        ts,
        ...event,
        fromStream,
        fromOffset,
      });
    }
  }
  return { personal, channel };
}

interface Written {
  kind: 's' | 'p' | 'c';
  key: string;
  seq: string | number;
  id: string | number | null;
}

/**
 * Advances every stream and writes the event rows, and their ids as not yet published, in one statement, so that the streams' row locks, taken
 * in one global order (byte order of the key, so two units of work never deadlock on them), are held only
 * for that statement and the commit right after it: a busy community's or member's stream is the one row
 * every write to it waits for, and each round trip to the server under its lock is time the others wait.
 */
const append = preparedSql<Written>(
  'append_events',
  sql`
  WITH advanced AS (
    INSERT INTO event_streams (stream, seq)
    SELECT k, n FROM unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('counts')}::bigint[]) AS t(k, n)
    ORDER BY k COLLATE "C"
    ON CONFLICT (stream) DO UPDATE SET seq = event_streams.seq + excluded.seq
    RETURNING stream, seq
  ), personal AS (
    INSERT INTO events (recipient_id, seq, type, subtype, data, created_at)
    SELECT r.recipient, a.seq + r.off, r.type, r.subtype,
      CASE WHEN r.from_stream IS NULL THEN r.data
        ELSE jsonb_set(r.data, '{from}', to_jsonb(f.seq + r.from_off)) END,
      ${sql.placeholder('ts')}::timestamptz
    FROM jsonb_to_recordset(${sql.placeholder('personal')}::jsonb)
      AS r(stream text, off bigint, recipient integer, type text, subtype text, data jsonb,
        from_stream text, from_off bigint)
    JOIN advanced a ON a.stream = r.stream
    LEFT JOIN advanced f ON f.stream = r.from_stream
    RETURNING id, recipient_id AS owner, seq
  ), channel AS (
    INSERT INTO channel_events (community_id, seq, type, subtype, groups, created_at)
    SELECT r.community, a.seq + r.off, r.type, r.subtype, r.groups, ${sql.placeholder('ts')}::timestamptz
    FROM jsonb_to_recordset(${sql.placeholder('channel')}::jsonb)
      AS r(stream text, off bigint, community integer, type text, subtype text, groups jsonb)
    JOIN advanced a ON a.stream = r.stream
    RETURNING id, community_id AS owner, seq
  ), personal_out AS (
    INSERT INTO unpublished_events (event_id) SELECT id FROM personal
  ), channel_out AS (
    INSERT INTO unpublished_channel_events (event_id) SELECT id FROM channel
  )
  SELECT 's' AS kind, stream AS key, seq, NULL::bigint AS id FROM advanced
  UNION ALL SELECT 'p', owner::text, seq, id FROM personal
  UNION ALL SELECT 'c', owner::text, seq, id FROM channel`,
);

/** Writes the collected emits with their sequences; answers the rows as the publisher takes them. */
export async function appendEvents(
  tx: Tx,
  counts: StreamCounts,
  emits: PendingEmit[],
): Promise<CommittedBatch> {
  const ts = new Date().toISOString();
  const planned = plan(counts, emits, ts);
  const keys = [...counts.keys()].sort();
  const personalJson = JSON.stringify(
    planned.personal.map((r) => ({
      stream: r.stream,
      off: r.offset,
      recipient: r.recipientId,
      type: r.type,
      subtype: r.subtype,
      data: r.data,
      from_stream: r.fromStream,
      from_off: r.fromOffset,
    })),
  );
  const channelJson = JSON.stringify(
    planned.channel.map((r) => ({
      stream: r.stream,
      off: r.offset,
      community: r.communityId,
      type: r.type,
      subtype: r.subtype,
      groups: r.groups,
    })),
  );
  const { rows } = await append(tx).execute({
    keys,
    counts: keys.map((key) => counts.get(key)),
    personal: personalJson,
    channel: channelJson,
    ts,
  });
  const tops = new Map<string, number>();
  const ids = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 's') tops.set(row.key, Number(row.seq));
    else ids.set(`${row.kind}:${row.key}:${Number(row.seq)}`, Number(row.id));
  }
  const seqOf = (r: Planned) => (tops.get(r.stream) ?? 0) + r.offset;
  return {
    personal: planned.personal.map(({ stream, offset, fromStream, fromOffset, ...r }) => {
      const seq = seqOf({ stream, offset });
      const data = fromStream
        ? { ...(r.data as object), from: (tops.get(fromStream) ?? 0) + (fromOffset ?? 0) }
        : r.data;
      return { ...r, data, seq, eventId: ids.get(`p:${r.recipientId}:${seq}`) as number };
    }),
    channel: planned.channel.map(({ stream, offset, ...r }) => {
      const seq = seqOf({ stream, offset });
      return { ...r, seq, eventId: ids.get(`c:${r.communityId}:${seq}`) as number };
    }),
  };
}

function pick(emit: { type: EventType; subtype: EventSubtype | null; data: unknown }) {
  return { type: emit.type, subtype: emit.subtype, data: emit.data };
}
