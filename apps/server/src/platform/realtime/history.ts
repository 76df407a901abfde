import { EVENT_RETENTION_MS } from '@orbit/contract';
import { and, asc, count, eq, gt, lte, min, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { channelEvents, communityMembers, eventStreams, events } from '../../db/schema';
import { channelBytes, type Frame, frameFor, membershipOf, sharedRest } from './envelope';

/** How many events one backlog read returns; a longer backlog is read page by page. */
export const BACKLOG_PAGE = 500;

/** A recipient's personal events after `afterSeq`, in order, as frames (one page). */
export async function framesAfter(db: Queryable, userId: number, afterSeq: number): Promise<Frame[]> {
  const rows = await db
    .select({
      seq: events.seq,
      type: events.type,
      subtype: events.subtype,
      data: events.data,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(and(eq(events.recipientId, userId), gt(events.seq, afterSeq)))
    .orderBy(asc(events.seq))
    .limit(BACKLOG_PAGE);
  return rows.map((row) =>
    frameFor(row.seq, sharedRest({ ...row, ts: row.createdAt.toISOString() }), membershipOf(row)),
  );
}

/**
 * A channel's events after `afterSeq` as one member sees them (one page): the group they belong to picks the
 * data; a change for other groups is a frame without bytes, so the socket moves past it.
 */
export async function channelFramesAfter(
  db: Queryable,
  communityId: number,
  userId: number,
  afterSeq: number,
): Promise<Frame[]> {
  const mine = sql<{ data: unknown } | null>`(SELECT g FROM jsonb_array_elements(${channelEvents.groups}) AS g
    WHERE g->'ids' @> to_jsonb(${userId}::int) LIMIT 1)`;
  const rows = await db
    .select({
      seq: channelEvents.seq,
      type: channelEvents.type,
      subtype: channelEvents.subtype,
      group: mine,
      createdAt: channelEvents.createdAt,
    })
    .from(channelEvents)
    .where(and(eq(channelEvents.communityId, communityId), gt(channelEvents.seq, afterSeq)))
    .orderBy(asc(channelEvents.seq))
    .limit(BACKLOG_PAGE);
  return rows.map((row) => ({
    seq: row.seq,
    bytes: row.group
      ? channelBytes(
          communityId,
          row.seq,
          sharedRest({ ...row, data: row.group.data, ts: row.createdAt.toISOString() }),
        )
      : null,
  }));
}

/** Where one stream of a new socket starts, and whether what came after `from` is read from the table. */
export interface StreamStart {
  from: number;
  replay: boolean;
}

/**
 * Where a new socket starts. No resume asked: every stream live from its current position. A resume replays
 * each stream after the client's position; when something it missed is gone (past retention) or a position
 * is from another world, `resync`: the client refetches and every stream goes live from now.
 */
export interface ResumePlan {
  resync: boolean;
  personal: StreamStart;
  channels: Map<number, StreamStart>;
}

/**
 * What a resuming client says it has seen: its personal `since` and its position on each channel; and the
 * channels it watches (null: all of them), decision 0084.
 */
export interface ResumeAsk {
  since: number | null;
  channels: Map<number, number>;
  watching: readonly number[] | null;
}

/** Whether a socket that watches `watching` (null: every channel) wants the channel's frames. */
export const watches = (watching: readonly number[] | null, communityId: number) =>
  watching === null || watching.includes(communityId);

/** A community the member belongs to, and since when (a channel joined while away replays from there). */
export interface ChannelMembership {
  communityId: number;
  joinedAt: Date;
}

/** The cached home's check on every read: built once, the keys bound as one array. */
const positionsOf = preparedPerDatabase((db: Db) =>
  db
    .select({ stream: eventStreams.stream, seq: eventStreams.seq })
    .from(eventStreams)
    .where(sql`${eventStreams.stream} = ANY(${sql.placeholder('keys')}::text[])`)
    .prepare('streams_positions'),
);

async function currentPositions(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await positionsOf(db).execute({ keys });
  return new Map(rows.map((row) => [row.stream, row.seq]));
}

/** A member's personal stream, and a community's channel, by their keys in event_streams. */
const PERSONAL = 'u:';
const CHANNEL = 'c:';

export const personalStream = (userId: number) => `${PERSONAL}${userId}`;
export const channelStream = (communityId: number) => `${CHANNEL}${communityId}`;

/** The streams a member's sockets follow: their personal stream and their communities' channels. */
export const memberStreams = (userId: number, communityIds: number[]) => [
  personalStream(userId),
  ...communityIds.map(channelStream),
];

/** Streams where they stand: each one's key and last sequence number (0 for a stream with no event yet). */
export type StreamsAt = [key: string, seq: number][];

/** One comparable text of where streams stand, in the order given. */
const positionOf = (seqs: number[]) => seqs.join(',');

/**
 * Where the streams stand, as one comparable text: it moves whenever an event is committed on any of them,
 * so a result computed when it read X is current for as long as it still reads X.
 */
export async function streamsPosition(db: Db, keys: string[]): Promise<string> {
  const positions = await currentPositions(db, keys);
  return positionOf(keys.map((key) => positions.get(key) ?? 0));
}

/** The position of streams read with what was computed from them (`memberStreamsSql`). */
export const positionOfStreams = (streams: StreamsAt) => positionOf(streams.map(([, seq]) => seq));

/**
 * A member's streams where they stand, as a JSON `StreamsAt`, for a read that computes something from the
 * same snapshot (the home, decision 0066): what it read and where the streams stood are one moment.
 */
export const memberStreamsSql = (member: SQLWrapper) =>
  sql<StreamsAt>`(SELECT json_agg(json_build_array(s.key, coalesce(${eventStreams.seq}, 0)) ORDER BY s.first DESC, s.key)
    FROM (SELECT ${sql.raw(`'${PERSONAL}'`)} || ${member}::int AS key, true AS first
      UNION ALL SELECT ${sql.raw(`'${CHANNEL}'`)} || ${communityMembers.communityId}, false FROM ${communityMembers}
        WHERE ${communityMembers.userId} = ${member}) s
    LEFT JOIN ${eventStreams} ON ${eventStreams.stream} = s.key)`;

/**
 * The streams `keys` (a text array) where they stand, as a JSON `StreamsAt` in the order given, for a read that
 * computes something from the same snapshot that only events on those streams change.
 */
export const streamsAtSql = (keys: SQLWrapper) =>
  sql<StreamsAt>`(SELECT json_agg(json_build_array(k.key, coalesce(${eventStreams.seq}, 0)) ORDER BY k.n)
    FROM unnest(${keys}::text[]) WITH ORDINALITY AS k(key, n)
    LEFT JOIN ${eventStreams} ON ${eventStreams.stream} = k.key)`;

/**
 * A member's personal stream where it stands, as a one-stream `StreamsAt` (JSON), for a read that computes
 * something from the same snapshot that only events to the member change (a ranking's friends and blocks).
 */
export const personalStreamSql = (member: SQLWrapper) =>
  streamsAtSql(sql`ARRAY[${sql.raw(`'${PERSONAL}'`)} || ${member}::int]`);

const retainedSince = (now: number) => new Date(now - EVENT_RETENTION_MS);

/** One stream's rows: the personal outbox of a member, or a community's channel. */
type StreamRows = typeof events | typeof channelEvents;

/**
 * True when every event of a stream after `after` up to `current` is still kept: none past retention, and
 * none removed in between (an erased member's are, decision 0048), so a replay misses nothing.
 */
async function allKept(
  db: Queryable,
  rows: StreamRows,
  owner: SQL | undefined,
  after: number,
  current: number,
  now: number,
): Promise<boolean> {
  const [kept] = await db
    .select({ first: min(rows.seq), count: count() })
    .from(rows)
    .where(and(owner, gt(rows.seq, after), lte(rows.seq, current), gt(rows.createdAt, retainedSince(now))));
  return kept?.first === after + 1 && kept.count === current - after;
}

const personalKept = (db: Queryable, userId: number, since: number, current: number, now: number) =>
  allKept(db, events, eq(events.recipientId, userId), since, current, now);

const channelKept = (db: Queryable, communityId: number, after: number, current: number, now: number) =>
  allKept(db, channelEvents, eq(channelEvents.communityId, communityId), after, current, now);

/** The first kept channel event after `after` (and, for a channel joined while away, since the join). */
async function firstChannelSeq(db: Queryable, communityId: number, after: number, since: Date, now: number) {
  const notBefore = since.getTime() > now - EVENT_RETENTION_MS ? since : retainedSince(now);
  const [first] = await db
    .select({ seq: min(channelEvents.seq) })
    .from(channelEvents)
    .where(
      and(
        eq(channelEvents.communityId, communityId),
        gt(channelEvents.seq, after),
        gt(channelEvents.createdAt, notBefore),
      ),
    );
  return first?.seq ?? null;
}

/** A channel's start on resume; null when the client's position cannot be replayed (resync). */
async function channelStart(
  db: Queryable,
  membership: ChannelMembership,
  asked: number | undefined,
  current: number,
  now: number,
): Promise<StreamStart | null> {
  if (asked === undefined) {
    // Joined while this client was away: it reads the channel from the join on.
    const first = await firstChannelSeq(db, membership.communityId, 0, membership.joinedAt, now);
    return { from: first === null ? current : first - 1, replay: true };
  }
  if (asked > current) return null;
  if (asked === current) return { from: asked, replay: true };
  const kept = await channelKept(db, membership.communityId, asked, current, now);
  return kept ? { from: asked, replay: true } : null;
}

export async function planResume(
  db: Db,
  userId: number,
  ask: ResumeAsk,
  memberships: ChannelMembership[],
  now = Date.now(),
): Promise<ResumePlan> {
  const positions = await currentPositions(
    db,
    memberStreams(
      userId,
      memberships.map((m) => m.communityId),
    ),
  );
  const current = (stream: string) => positions.get(stream) ?? 0;
  const live: ResumePlan = {
    resync: false,
    personal: { from: current(`u:${userId}`), replay: false },
    channels: new Map(
      memberships.map((m) => [m.communityId, { from: current(`c:${m.communityId}`), replay: false }]),
    ),
  };
  const { since } = ask;
  if (since === null) return live;
  const resync = { ...live, resync: true };
  const personalNow = current(`u:${userId}`);
  if (since > personalNow) return resync;
  if (since < personalNow && !(await personalKept(db, userId, since, personalNow, now))) return resync;
  const channels = new Map<number, StreamStart>();
  for (const membership of memberships) {
    const { communityId } = membership;
    const at = current(`c:${communityId}`);
    const start = await channelStart(db, membership, ask.channels.get(communityId), at, now);
    const watched = watches(ask.watching, communityId);
    if (!start && watched) return resync;
    // A channel not watched replays nothing now: it is read on from there once watched (Connection.watch), or
    // from where it stands when its past is gone, since the client refetches a screen it opens again (0084).
    channels.set(communityId, watched ? (start as StreamStart) : { from: start?.from ?? at, replay: false });
  }
  return { resync: false, personal: { from: since, replay: true }, channels };
}
