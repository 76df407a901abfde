import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { activitySessions } from './activities';
import { posts } from './feeds';

/**
 * The SYSTEM_ACTIVITY post a logged session made (issue 6). Its own table rather than a column so the shared
 * activity_sessions keeps its shape; deleting the post keeps the session (history and boards still count it).
 */
export const activitySessionPosts = pgTable(
  'activity_session_posts',
  {
    sessionId: bigint('session_id', { mode: 'number' })
      .primaryKey()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('activity_session_posts_post_idx').on(t.postId)],
);
