import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * The transactional outbox (ARCHITECTURE §5): one row per recipient, written in the same transaction as the
 * change; `seq` is the recipient's own monotonic sequence; `publishedAt` is set once the bus has it.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    subtype: text('subtype'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('events_recipient_seq_idx').on(t.recipientId, t.seq),
    index('events_unpublished_idx').on(t.id).where(sql`published_at IS NULL`),
    index('events_created_idx').on(t.createdAt),
  ],
);
