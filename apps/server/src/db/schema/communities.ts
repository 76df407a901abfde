import { sql } from 'drizzle-orm';
import {
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
import { users } from './identity';
import { images } from './media';

/** A community (docs/product/feeds-and-comments.md#anonymous Community, docs/product/communities.md#community-fields). Owner: 1 an organisation, 2 a member. */
export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    info: text('info').notNull().default(''),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    color: text('color').notNull(),
    initials: text('initials').notNull(),
    accessType: smallint('access_type').notNull().default(1),
    communityType: smallint('community_type').notNull().default(4),
    /** docs/product/communities.md#community-stars: which star type the community orbits as (user-created 1, system 2, game 3, inner circle 4). */
    starType: smallint('star_type').notNull().default(1),
    tcKind: smallint('tc_kind'),
    tcLink: text('tc_link'),
    ownerType: smallint('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    hasLeaderboard: boolean('has_leaderboard').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('communities_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('communities_owner_idx').on(t.ownerType, t.ownerId),
  ],
);

/** Membership with the community role (expert 1, member 4) and the identity the member joined under. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull().default(4),
    /** 'persona' or 'avatar' (docs/product/communities.md#join-identity: the identity popup). */
    identity: text('identity').notNull().default('persona'),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId),
  ],
);

/** An invitation to a community; answered 2 accept or 3 reject (docs/product/communities.md#invites). */
export const communityInvites = pgTable(
  'community_invites',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_invites_pair_idx').on(t.communityId, t.userId),
    index('community_invites_user_idx').on(t.userId),
  ],
);
