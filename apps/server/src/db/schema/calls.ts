import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { users } from './identity';
import { messageGroups } from './messages';

/**
 * A call (docs/product/messages.md#previews Call): a community call, or a private call between invited attendees (optionally tied to a
 * message thread, the call group). Its Janus video room and that room's credentials live here: Orbit's
 * database is the record of which room belongs to which call (docs/decisions/0019-calls.md).
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    callerId: integer('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    callGroupId: integer('call_group_id').references(() => messageGroups.id, { onDelete: 'set null' }),
    /** The gateway of the pool the room is on (its janus_server_name): every member meets there (0027). */
    janusGateway: text('janus_gateway').notNull(),
    janusRoomId: bigint('janus_room_id', { mode: 'number' }).notNull(),
    /** Moderation and destroy; never leaves the server. */
    roomSecret: text('room_secret').notNull(),
    /** Joining: handed to the call's participants as janus_admin_passwd. */
    roomPin: text('room_pin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One live call per community: starting it again joins it.
    uniqueIndex('calls_live_community_idx').on(t.communityId).where(sql`${t.endedAt} is null`),
    // Placement counts the live calls of each gateway; ended calls, which pile up, stay out of the index.
    index('calls_live_gateway_idx').on(t.janusGateway).where(sql`${t.endedAt} is null`),
  ],
);

/** Who is in a call and how far: invited, joined, rejected (declined), left. */
export const callMembers = pgTable(
  'call_members',
  {
    callId: integer('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull(),
    muted: boolean('muted').notNull().default(false),
    video: boolean('video').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.userId] }),
    index('call_members_user_idx').on(t.userId, t.state),
  ],
);
