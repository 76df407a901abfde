import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** Every stored image or file; bytes live in storage under `storageKey`. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    width: smallint('width'),
    height: smallint('height'),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('images_owner_idx').on(t.ownerId)],
);
