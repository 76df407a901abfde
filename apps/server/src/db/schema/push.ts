import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { sessions, users } from './identity';

/**
 * The VAPID key pair generated when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set (decision 0053): one
 * row, written once by whichever instance comes first, so that every instance signs with the same key.
 */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  id: smallint('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A browser's push subscription, made by one sign-in session (the device): ended with it, so a sign-out, a
 * revoked device, a password reset and an erasure stop its pushes at once.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and 16-byte auth secret, base64url, as it gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** What a member lets reach their lock screen; no row means the defaults (all on, previews off). */
export const pushPreferences = pgTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  mentions: boolean('mentions').notNull().default(true),
  friendRequests: boolean('friend_requests').notNull().default(true),
  moments: boolean('moments').notNull().default(true),
  calls: boolean('calls').notNull().default(true),
  community: boolean('community').notNull().default(true),
  reminders: boolean('reminders').notNull().default(true),
  previews: boolean('previews').notNull().default(false),
});

/**
 * Pushes waiting to go out, one row per subscription, written in the transaction of the change that causes
 * them and sent by the push worker after commit (as mail is). A row not yet tried takes the newer push of
 * its tag in its place (the partial unique index), so a burst in one thread is one push.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    /** The PushPayload, encrypted only when sent (each attempt with a fresh salt). */
    payload: jsonb('payload').notNull(),
    urgency: text('urgency').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next: after the coalescing pause, moved ahead by a lease, and by a retry. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Its time to live ends here: not sent by then, it is dropped. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.nextAttemptAt),
    uniqueIndex('push_outbox_untried_tag_idx').on(t.subscriptionId, t.tag).where(sql`${t.attempts} = 0`),
  ],
);

/**
 * A push to a community's members (an expert's post), queued as this one row in the transaction that causes
 * it, whatever the community's size, and expanded by the push workers into push_outbox rows, one batch of
 * members per transaction (decision 0053). `cursor` is the last member id expanded: a batch's rows and the
 * cursor's move commit together, so a crash or a second worker neither loses nor repeats a member's push.
 * The row goes once the last batch is expanded: the rows left are the fan-outs pending.
 */
export const pushFanouts = pgTable('push_fanouts', {
  id: serial('id').primaryKey(),
  communityId: integer('community_id')
    .notNull()
    .references(() => communities.id, { onDelete: 'cascade' }),
  /** Who caused it: never pushed to, and no member blocked either way with them is. */
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
  /** The PushCause, worded once for every member, as the outbox's payload is. */
  cause: jsonb('cause').notNull(),
  /** Members it skips: those @tagged in the post, whose mention's push has the same tag. */
  exceptIds: integer('except_ids').array().notNull().default(sql`'{}'::integer[]`),
  cursor: integer('cursor').notNull().default(0),
  /** The time of the change: members who joined after it are not pushed to; quiet hours are read at it. */
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
