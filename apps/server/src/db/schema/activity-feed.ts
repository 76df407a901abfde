import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { activityLogs } from './activities';
import { posts } from './feeds';

/**
 * The SYSTEM_ACTIVITY post a logged session made (issue 6). Its own table rather than a column so the shared
 * activity_logs keeps its shape; deleting the post keeps the session (history and boards still count it).
 */
export const activityLogPosts = pgTable(
  'activity_log_posts',
  {
    activityLogId: bigint('activity_log_id', { mode: 'number' })
      .primaryKey()
      .references(() => activityLogs.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('activity_log_posts_post_idx').on(t.postId)],
);
