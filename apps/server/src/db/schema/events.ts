import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { users } from './identity';

/**
 * Every event stream's sequence, off the rows that members and communities write (decision 0004): `u:<id>` is
 * a member's personal stream, `c:<id>` a community's channel. Advanced once per unit of work, at its end, in
 * one statement in key order, so that no transaction holds a sequence lock while it does other work.
 */
export const eventStreams = pgTable('event_streams', {
  stream: text('stream').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

/** A change of what `ids` see, as `data`: the groups of one channel event (most of a community shares one). */
export interface ChannelGroup {
  ids: number[];
  data: unknown;
}

/**
 * A community's channel: one row per change (a post, a comment, a vote, a session's activity), whatever the
 * number of members; `groups` says who sees it and how. `seq` is the channel's own sequence.
 */
export const channelEvents = pgTable(
  'channel_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    subtype: text('subtype'),
    groups: jsonb('groups').$type<ChannelGroup[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_events_channel_seq_idx').on(t.communityId, t.seq),
    index('channel_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The transactional outbox (docs/product/realtime.md#delivery): one row per recipient, written in the same transaction as the
 * change; `seq` is the recipient's own monotonic sequence. Until the bus has it, its id is in unpublishedEvents.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    subtype: text('subtype'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_recipient_seq_idx').on(t.recipientId, t.seq),
    index('events_created_idx').on(t.createdAt),
  ],
);

/**
 * The events not yet on the bus, by id, written with them and deleted once published (decision 0087): a mark
 * that set a column of the event instead wrote the whole row again, its JSON and every index entry with it.
 * The sweeper publishes what stays here (realtime/outbox.ts).
 */
export const unpublishedEvents = pgTable('unpublished_events', {
  eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
});

/** unpublishedEvents for channel events. */
export const unpublishedChannelEvents = pgTable('unpublished_channel_events', {
  eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
});
