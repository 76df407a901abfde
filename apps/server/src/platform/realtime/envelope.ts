import { EventSubtype, EventType } from '@orbit/contract';
import type { CommittedBatch, CommittedChannelEvent, CommittedEvent } from '../tx';
import type { BusMessage, ChannelMessage, PersonalMessage } from './bus';

/** A member's sockets start or stop following a community's channel (a personal CHANNEL event). */
export interface Membership {
  communityId: number;
  joined: boolean;
  /** The channel's position at the commit that joined: the socket reads on from there. */
  from: number;
}

/**
 * One stream position as a socket sees it: the bytes to write, or null when this change was not for this
 * member (a channel event another group sees) and the socket only moves past it.
 */
export interface Frame {
  seq: number;
  bytes: Buffer | null;
  membership?: Membership;
}

/** Loose on type and subtype: rows read back from the tables carry them as plain text. */
interface EnvelopeBody {
  type: string;
  subtype: string | null;
  ts: string;
  data: unknown;
}

/** The envelope without its leading `{"id":n,`; only `id` differs between recipients of one change. */
export function sharedRest(event: EnvelopeBody): string {
  return JSON.stringify({ type: event.type, subtype: event.subtype, ts: event.ts, data: event.data }).slice(
    1,
  );
}

export function frameFor(seq: number, rest: string, membership?: Membership): Frame {
  return { seq, bytes: Buffer.from(`{"id":${seq},${rest}`), membership };
}

/** A channel frame: the same bytes for every member of a group, `ch` naming the community. */
export function channelBytes(communityId: number, seq: number, rest: string): Buffer {
  return Buffer.from(`{"id":${seq},"ch":${communityId},${rest}`);
}

/** The membership a personal event carries, when it is a CHANNEL event. */
export function membershipOf(event: {
  type: string;
  subtype: string | null;
  data: unknown;
}): Membership | undefined {
  if (event.type !== EventType.CHANNEL) return undefined;
  const data = event.data as { community_id: number; from: number };
  return { communityId: data.community_id, from: data.from, joined: event.subtype === EventSubtype.NEW };
}

function sameChange(a: CommittedEvent, b: CommittedEvent): boolean {
  return a.data === b.data && a.type === b.type && a.subtype === b.subtype && a.ts === b.ts;
}

/**
 * One bus message per personal change. Rows written by one emit share their payload object and are
 * serialised once; rows read back from the database (the sweeper) merge when their serialisation is identical.
 */
function personalMessages(rows: readonly CommittedEvent[]): PersonalMessage[] {
  const byRest = new Map<string, PersonalMessage>();
  let previous: CommittedEvent | undefined;
  let previousRest = '';
  for (const row of rows) {
    const rest = previous && sameChange(previous, row) ? previousRest : sharedRest(row);
    previous = row;
    previousRest = rest;
    let message = byRest.get(rest);
    if (!message) {
      message = { kind: 'personal', recipients: [], rest, membership: membershipOf(row) };
      byRest.set(rest, message);
    }
    message.recipients.push({ userId: row.recipientId, seq: row.seq });
  }
  return [...byRest.values()];
}

/** One bus message per channel change: each group's envelope serialised once. */
function channelMessage(row: CommittedChannelEvent): ChannelMessage {
  return {
    kind: 'channel',
    communityId: row.communityId,
    seq: row.seq,
    groups: row.groups.map((group) => ({
      ids: group.ids,
      rest: sharedRest({ type: row.type, subtype: row.subtype, ts: row.ts, data: group.data }),
    })),
  };
}

export function busMessagesFor(batch: CommittedBatch): BusMessage[] {
  return [...personalMessages(batch.personal), ...batch.channel.map(channelMessage)];
}
