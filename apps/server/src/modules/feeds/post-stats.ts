import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { attachments, comments, pollVotes, postReactions } from '../../db/schema';
import type { AttachmentRow } from './loader';

/** What a post presents of a file. */
export type PostFile = Pick<AttachmentRow, 'id' | 'type' | 'fileName' | 'size'>;

export const ReactionKind = { RATE: 'rate', HIGH_FIVE: 'h5' } as const;

/** Everything a page presents of a post besides the post and its people. */
export interface PostStats {
  postId: number;
  /** Comments: all, urgency 0 only, and the highest urgency. */
  all: number;
  plain: number;
  highestUrgency: number;
  /** The average rating, none without one. */
  rating: number | null;
  highFives: number;
  /** The poll votes [member, option] in voting order. */
  votes: [number, number][] | null;
  files: PostFile[] | null;
}

/**
 * The select fields of a post's stats, each a subquery on the post `postId` names: a statement of its own
 * reads them for a list of ids, and the feed's window reads them with its posts (decision 0097).
 */
export function statsFieldsOf(postId: SQLWrapper) {
  const file = sql`json_build_object('id', ${attachments.id}, 'type', ${attachments.type},
    'fileName', ${attachments.fileName}, 'size', ${attachments.size})`;
  return {
    commentStats: sql<[number, number, number]>`(SELECT json_build_array(count(*),
        count(*) FILTER (WHERE ${comments.urgency} = 0), coalesce(max(${comments.urgency}), 0))
      FROM ${comments} WHERE ${comments.postId} = ${postId})`,
    reactionStats: sql<[number | null, number]>`(SELECT json_build_array(
        avg(${postReactions.value}) FILTER (WHERE ${postReactions.kind} = ${ReactionKind.RATE}),
        count(*) FILTER (WHERE ${postReactions.kind} = ${ReactionKind.HIGH_FIVE}))
      FROM ${postReactions} WHERE ${postReactions.postId} = ${postId})`,
    votes: sql<[number, number][] | null>`(SELECT json_agg(json_build_array(${pollVotes.userId},
        ${pollVotes.optionIndex}) ORDER BY ${pollVotes.votedAt}, ${pollVotes.userId})
      FROM ${pollVotes} WHERE ${pollVotes.postId} = ${postId})`,
    files: sql<PostFile[] | null>`(SELECT json_agg(${file} ORDER BY ${attachments.id})
      FROM ${attachments} WHERE ${attachments.postId} = ${postId})`,
  };
}

type StatsFields = ReturnType<typeof statsFieldsOf>;
/** A row holding the fields of `statsFieldsOf`, as read. */
export type StatsRead = { [K in keyof StatsFields]: StatsFields[K]['_']['type'] };

/** The stats of the post `postId` from the fields `statsFieldsOf` read. */
export function statsOfRead(postId: number, read: StatsRead): PostStats {
  const [all, plain, highestUrgency] = read.commentStats;
  const [rating, highFives] = read.reactionStats;
  return { postId, all, plain, highestUrgency, rating, highFives, votes: read.votes, files: read.files };
}

/**
 * One row per post of `ids`, in one statement where there were four (the statements, not the reads, were the
 * feed page's cost: docs/decisions/0031).
 */
const statsStatement = preparedForAny('feed_post_stats', (db) =>
  db
    .select({ postId: sql<number>`p.id`, ...statsFieldsOf(sql`p.id`) })
    .from(sql`unnest(${sql.placeholder('ids')}::int[]) AS p(id)`),
);

/** Prepared once, on the database and in each transaction alike (decision 0071). */
export async function postStats(db: Queryable, ids: number[]): Promise<PostStats[]> {
  const rows = await statsStatement(db).execute({ ids });
  return rows.map((row) => statsOfRead(row.postId, row));
}
