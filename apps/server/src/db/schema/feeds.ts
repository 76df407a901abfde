import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { communities } from './communities';
import { users } from './identity';
import { messages } from './messages';

/** An activity summary carried by a SYSTEM_ACTIVITY post (docs/product/feeds-and-comments.md#activity-posts Activity). */
export interface PostActivity {
  activity_name: string;
  activity_type: number;
  activity_session_type: number | null;
  /** The history's session kind, a feed filter (docs/product/activities-and-leaderboards.md#summary); absent on sessions that have none. */
  session_kind?: number | null;
  activity_time: string;
  duration: number;
  calories: number | null;
  steps: number | null;
  distance: number | null;
  distance_unit: 'km' | 'mile' | null;
  bg_app_id: number | null;
}

/**
 * A post on a member's feed (community_id null, owner_user_id the feed's member) or on a community feed.
 * Polls are posts of type 5 with their question, options and expiry here and votes in poll_votes.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull().default(1),
    message: text('message').notNull().default(''),
    identityType: smallint('identity_type').notNull().default(1),
    privacy: smallint('privacy').notNull().default(1),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    taggedUsers: jsonb('tagged_users').$type<number[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    pollQuestion: text('poll_question'),
    pollOptions: jsonb('poll_options').$type<string[]>(),
    pollExpiresAt: timestamp('poll_expires_at', { withTimezone: true, mode: 'date' }),
    activity: jsonb('activity').$type<PostActivity>(),
    /** Idempotency key of an ingested activity session (issue 6). */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Plain ascending: the page's ORDER BY id DESC (NULLS FIRST) scans it backwards and a newer page's ASC
    // forwards. A DESC index here is DESC NULLS LAST, which matches neither, and the planner walks the
    // primary key instead: 0.5 s for a community whose posts are all old (bench/scenarios/feed.ts).
    index('posts_community_feed_idx').on(t.communityId, t.id),
    index('posts_user_feed_idx').on(t.ownerUserId, t.id),
    index('posts_author_idx').on(t.authorId),
    check('posts_one_feed', sql`(${t.communityId} IS NULL) <> (${t.ownerUserId} IS NULL)`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    identityType: smallint('identity_type').notNull().default(1),
    urgency: smallint('urgency').notNull().default(0),
    taggedUsers: jsonb('tagged_users').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // urgency is in the key so that a feed page's comment counts (count, non-urgent count, highest urgency per
  // post) are read from the index alone instead of one heap page per comment.
  (t) => [index('comments_post_idx').on(t.postId, t.id, t.urgency)],
);

/** One vote per member per poll; moving it rewrites the row (docs/product/feeds-and-comments.md#poll-voting). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionIndex: smallint('option_index').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Rate and high five of a post: kind 'rate' (with a value) or 'h5'. */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: smallint('value').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.kind] })],
);

/** A file attached to a post or a comment (docs/product/feeds-and-comments.md#attachments Attachment; file type codes 1..7). */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_post_idx').on(t.postId),
    index('attachments_comment_idx').on(t.commentId),
    index('attachments_message_idx').on(t.messageId),
  ],
);
