import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { images } from './media';

/** A private conversation: one-to-one (is_group false, exactly two participants) or a group (more than 2). */
export const messageGroups = pgTable(
  'message_groups',
  {
    id: serial('id').primaryKey(),
    isGroup: boolean('is_group').notNull().default(false),
    name: text('name'),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** For one-to-one threads: "<smaller id>:<larger id>", unique, so a pair has one thread. */
    pairKey: text('pair_key').unique(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The group threads, fewer than the one-to-one ones: a member's group stars read them here (isGroupThread).
  (t) => [index('message_groups_group_idx').on(t.id).where(sql`is_group`)],
);

export const messageParticipants = pgTable(
  'message_participants',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => messageGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message this participant has read (opening the thread marks it). */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('message_participants_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => messageGroups.id, { onDelete: 'cascade' }),
    /** Null once the author erased their account: the message stays, as a "deleted member" without text. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    /** Attachments reuse the upload core of posts: [{type, fileName, url, size}]. */
    attachments:
      jsonb('attachments').$type<{ type: number; fileName: string; url: string; size: number }[]>(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('messages_group_idx').on(t.groupId, t.id)],
);

/** A notification of a docs/product/realtime.md#notification-types type, unread until opened, created by the service that causes it. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    color: text('color'),
    source: text('source'),
    communityId: integer('community_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The member whose action caused it, when one did (decision 0046): a member who blocked them no longer
     * sees it. Goes with that member's account.
     */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read = false`),
    index('notifications_actor_idx').on(t.actorId).where(sql`actor_id IS NOT NULL`),
  ],
);

/** A moment (docs/product/moments.md#moment-fields): dare 1, share 2, treasure 3; its recipients and their status. */
export const moments = pgTable(
  'moments',
  {
    id: serial('id').primaryKey(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    bgAppId: smallint('bg_app_id'),
    criteria: jsonb('criteria')
      .$type<{ name: string; display_name: string; show: boolean }[]>()
      .notNull()
      .default([]),
    message: text('message').notNull().default(''),
    /** The friends and communities chosen at sending, as chosen ("Sent to N Friend(s) and N Communit(y/ies)"). */
    participants: jsonb('participants')
      .$type<{ friend_ids: number[]; community_ids: number[] }>()
      .notNull()
      .default({ friend_ids: [], community_ids: [] }),
    sessionInfo: jsonb('session_info').$type<Record<string, unknown>>(),
    activityType: integer('activity_type'),
    sessionType: integer('session_type'),
    originalMomentId: integer('original_moment_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('moments_producer_idx').on(t.producerId, t.id)],
);

/** One row per receiving member (friends directly, communities expanded to their members at sending). */
export const momentRecipients = pgTable(
  'moment_recipients',
  {
    momentId: integer('moment_id')
      .notNull()
      .references(() => moments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viaCommunityId: integer('via_community_id'),
    /** 1 pending, 2 seen, 3 ignored, 4 completed. */
    status: smallint('status').notNull().default(1),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** The recipient's result on the moment's criterion when completed (the moment leaderboard). */
    score: doublePrecision('score'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.momentId, t.userId] }), index('moment_recipients_user_idx').on(t.userId)],
);
