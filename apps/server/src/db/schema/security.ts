import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * A member's TOTP secret (RFC 6238, decision 0050): set up with `enabledAt` null, on once a code confirmed it.
 * `lastUsedStep` is the time step of the last code accepted, claimed with a conditional update so that a code
 * signs in once, even by two requests at the same moment.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as SHA-256 hashes only (each holds 50 random bits). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('two_factor_recovery_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and a code: a token (stored as its SHA-256 hash) that lives 5 minutes,
 * takes 5 wrong codes at most and signs in once.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedCodes: smallint('failed_codes').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_token_hash_idx').on(t.tokenHash),
    index('sign_in_challenges_user_idx').on(t.userId),
  ],
);
