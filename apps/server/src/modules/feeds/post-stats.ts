import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { attachments, comments, pollVotes, postReactions } from '../../db/schema';
import type { AttachmentRow } from './loader';

/** What a post presents of a file. */
export type PostFile = Pick<AttachmentRow, 'id' | 'type' | 'fileName' | 'size'>;

export const ReactionKind = { RATE: 'rate', HIGH_FIVE: 'h5' } as const;

/**
 * Everything a page presents of each post besides the post and its people, one row per post of `ids`:
 * comment counts (all, urgency 0 only, highest urgency), the average rating and the high fives, the poll
 * votes [member, option] in voting order and the files, in one statement where there were four (the
 * statements, not the reads, were the feed page's cost: docs/decisions/0031).
 */
const statsQuery = (db: Queryable) => {
  const ids = sql.placeholder('ids');
  const file = sql`json_build_object('id', ${attachments.id}, 'type', ${attachments.type},
    'fileName', ${attachments.fileName}, 'size', ${attachments.size})`;
  return db
    .select({
      postId: sql<number>`p.id`,
      all: sql<number>`c.n_all`,
      plain: sql<number>`c.n_plain`,
      highestUrgency: sql<number>`c.highest`,
      rating: sql<string | null>`r.rating`,
      highFives: sql<number>`r.high_fives`,
      votes: sql<[number, number][] | null>`(SELECT json_agg(json_build_array(${pollVotes.userId},
          ${pollVotes.optionIndex}) ORDER BY ${pollVotes.votedAt}, ${pollVotes.userId})
        FROM ${pollVotes} WHERE ${pollVotes.postId} = p.id)`,
      files: sql<PostFile[] | null>`(SELECT json_agg(${file} ORDER BY ${attachments.id})
        FROM ${attachments} WHERE ${attachments.postId} = p.id)`,
    })
    .from(sql`unnest(${ids}::int[]) AS p(id)
      CROSS JOIN LATERAL (SELECT count(*)::int AS n_all,
          (count(*) FILTER (WHERE ${comments.urgency} = 0))::int AS n_plain,
          coalesce(max(${comments.urgency}), 0)::int AS highest
        FROM ${comments} WHERE ${comments.postId} = p.id) c
      CROSS JOIN LATERAL (SELECT
          avg(${postReactions.value}) FILTER (WHERE ${postReactions.kind} = ${ReactionKind.RATE}) AS rating,
          (count(*) FILTER (WHERE ${postReactions.kind} = ${ReactionKind.HIGH_FIVE}))::int AS high_fives
        FROM ${postReactions} WHERE ${postReactions.postId} = p.id) r`);
};

const statsStatement = preparedForAny('feed_post_stats', statsQuery);

/** Prepared once, on the database and in each transaction alike (decision 0071). */
export const postStats = (db: Queryable, ids: number[]) => statsStatement(db).execute({ ids });
