import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Mail waiting to go out (platform/mail): written in the transaction of the change that causes it, sent by
 * the mail worker after commit, deleted once the SMTP server took it. A row holds the whole message, its
 * link too, only until then (decision 0049).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The message's one link, printed in the log when mail is written to files (no SMTP_URL). */
    link: text('link'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next: moved ahead while one sends it (a lease), and after a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set when the worker gave up on it (a day of failures): kept for the operator, never sent. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt), index('mail_outbox_user_idx').on(t.userId)],
);

/**
 * Password reset and set-password tokens (modules/passwords): only the SHA-256 of the token is kept; a row
 * is deleted when used, when a newer one is issued, and when its member signs in.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' (forgot password, 30 minutes) or 'welcome' (a member an admin added, 7 days). */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_idx').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
  ],
);
