import { index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { users } from './identity';

/**
 * The communities drawn into a season's bracket with their seed (1 = strongest), frozen when the season's
 * Round of 64 begins so later joins and new communities do not redraw a running tournament (0018).
 */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    seasonYear: smallint('season_year').notNull(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    seed: smallint('seed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonYear, t.communityId] }),
    uniqueIndex('tournament_entries_seed_idx').on(t.seasonYear, t.seed),
  ],
);

/** One high five (h5) per giver, receiver and season (docs/product/tournament.md#bracket PUT /tournament/user/h5). */
export const tournamentHighFives = pgTable(
  'tournament_high_fives',
  {
    seasonYear: smallint('season_year').notNull(),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonYear, t.toUserId, t.fromUserId] }),
    index('tournament_high_fives_from_idx').on(t.fromUserId),
  ],
);
