import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  registrationOpen: boolean('registration_open').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    alias: text('alias'),
    avatarImage: text('avatar_image').notNull().default('av1'),
    personaType: smallint('persona_type').notNull().default(1),
    personaValue: text('persona_value').notNull().default('other'),
    privacySetting: smallint('privacy_setting').notNull().default(1),
    unitPreference: smallint('unit_preference').notNull().default(1),
    heightMeter: doublePrecision('height_meter'),
    weightKg: doublePrecision('weight_kg'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: smallint('gender'),
    country: text('country').notNull().default('US'),
    state: text('state'),
    timezone: text('timezone').notNull().default('America/New_York'),
    notificationLevel: smallint('notification_level').notNull().default(2),
    mood: smallint('mood'),
    moodTags: jsonb('mood_tags').$type<string[]>().notNull().default([]),
    tagNotes: text('tag_notes').notNull().default(''),
    identityProvider: text('identity_provider'),
    /** The member's account id at the identity provider (PUT /fb/user links it); one Orbit account per id. */
    userIdentity: text('user_identity'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    /** Quiet hours in the member's zone, minutes after midnight; both null when off (decision 0044). */
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    /** The end of the last quiet window whose digest was sent: the marker that makes the digest once. */
    quietDigestThrough: timestamp('quiet_digest_through', { withTimezone: true, mode: 'date' }),
    /** Wellbeing mode: the server leaves public counts and rankings out of what it answers this member. */
    wellbeingMode: boolean('wellbeing_mode').notNull().default(false),
    /** The member's own weekly goal of active minutes, null when none (decision 0054); nobody else reads it. */
    weeklyGoalMinutes: smallint('weekly_goal_minutes'),
    /** Set by an operator (`orbit user:disable`, decision 0057): no sign-in, no session; null when enabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_alias_lower_idx').on(sql`lower(${t.alias})`),
    uniqueIndex('users_identity_provider_idx').on(t.identityProvider, t.userIdentity),
    // Member search (modules/search): substring and similarity matches on both identities.
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_alias_trgm_idx').using('gin', sql`lower(${t.alias}) gin_trgm_ops`),
  ],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgRoles: jsonb('org_roles').$type<number[]>().notNull().default([4]),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('org_members_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use tickets for the realtime socket: the cookie stays HttpOnly (docs/product/realtime.md#connection). */
export const wsTickets = pgTable('ws_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: integer('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/**
 * The audit row of an erased account (DELETE /user, decision 0048): the only row that names the member's id
 * once they are gone. No foreign key (the member's row is deleted) and nothing else about them: no email,
 * no name, so that the erasure stays an erasure.
 */
export const accountErasures = pgTable('account_erasures', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
