import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/** Friendship is symmetric: one row per direction, so "my friends" is one index lookup. */
export const friendships = pgTable(
  'friendships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
    check('friendships_not_self', sql`${t.userId} <> ${t.friendId}`),
  ],
);

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: serial('id').primaryKey(),
    fromId: integer('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_requests_pair_idx').on(t.fromId, t.toId),
    index('friend_requests_to_idx').on(t.toId, t.createdAt),
    check('friend_requests_not_self', sql`${t.fromId} <> ${t.toId}`),
  ],
);

/**
 * A member keeps another away (issue 14, docs/decisions/0046): one row per (blocker, blocked). The primary key
 * answers "whom did I block"; the reverse index answers "who blocked this member" (the realtime filter, the
 * both-ways checks), so every lookup is an index probe.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * One row per (member, thing orbiting them): the stable star id, pin state and the interaction history that
 * sets the star's zone and size (docs/decisions/0007-home-star-set.md). The star's type is not stored: the
 * provider of its kind decides it from the graph (a pending friend becomes a friend under the same id).
 */
export const stars = pgTable(
  'stars',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the star stands for: 'user', 'community', 'group', 'moment', 'survey', 'plan', 'app', 'activity'. */
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    /** The decayed interaction count as of interaction_date. */
    interactionScore: doublePrecision('interaction_score').notNull().default(0),
    interactionDate: timestamp('interaction_date', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [uniqueIndex('stars_owner_target_idx').on(t.ownerId, t.targetKind, t.targetId)],
);

/** The star set a member was last served (`last_stars`), and when: the client's docs/product/home-and-stars.md#star-refresh refresh diff. */
export const starSnapshots = pgTable('star_snapshots', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stars: jsonb('stars').$type<unknown[]>().notNull(),
  /** A digest of the served set: an unchanged set is not rewritten on every home view load. */
  digest: text('digest').notNull(),
  servedAt: timestamp('served_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A member's prior tags per tag context (docs/product/friends.md#faces): the tag editor's Prior Tags, most recent first. */
export const memberTags = pgTable(
  'member_tags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    context: smallint('context').notNull(),
    /** lower(tag): "Calm" and "calm" are one prior tag, kept as last written. */
    tagKey: text('tag_key').notNull(),
    tag: text('tag').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.context, t.tagKey] }),
    index('member_tags_recent_idx').on(t.userId, t.context, t.lastUsedAt),
  ],
);
