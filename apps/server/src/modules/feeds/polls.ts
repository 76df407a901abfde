import { ErrorCode, EventSubtype, LIMITS, POLL_MAX_AHEAD_MS, type PollBody, PostType } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import { pollVotes } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import { announcePost } from './events';
import { assertMayTakePart, type FeedPlace, openPost } from './policy';
import { createPost, presentFor } from './service';

/**
 * A poll's question, options and expiry: a non-empty question, at least 2 options, none empty (trimmed), and
 * an expiry in the future within the picker's 8 days. Any minute is accepted: the half-hour steps are the
 * picker's presentation, not a rule (docs/decisions/0012-feeds.md).
 */
export function pollOf(body: PollBody, now = new Date()) {
  const question = body.question.trim();
  const options = body.options.map((o) => o.trim());
  if (
    question.length === 0 ||
    options.length < LIMITS.pollMinOptions ||
    options.some((o) => o.length === 0)
  ) {
    throw badRequest(
      ErrorCode.invalid_poll,
      'A poll needs a question and at least 2 options, none of them empty',
    );
  }
  const expiresAt = new Date(body.expiration_date);
  const ahead = expiresAt.getTime() - now.getTime();
  if (Number.isNaN(ahead) || ahead <= 0 || ahead > POLL_MAX_AHEAD_MS) {
    throw badRequest(ErrorCode.invalid_expiration, 'A poll expires in the future, at most 8 days ahead');
  }
  return { question, options, expiresAt };
}

/** POST /communities/{id}/polls and /polls: a type-5 post carrying the poll. */
export async function createPoll(
  deps: AppDeps,
  callerId: number,
  place: Required<FeedPlace>,
  body: PollBody,
) {
  return createPost(deps, callerId, place, {}, { type: PostType.POLL, poll: pollOf(body) });
}

/**
 * One vote per member: a first vote is added, another option moves it (both counts change in this one
 * transaction), the same option again changes nothing. An expired poll and an option out of range are 400s.
 */
export async function answerPoll(
  deps: AppDeps,
  callerId: number,
  postId: number,
  place: FeedPlace,
  answerIndex: number,
) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    assertMayTakePart(access);
    const { post } = access;
    if (post.type !== PostType.POLL || post.pollOptions === null || post.pollExpiresAt === null) {
      throw badRequest(ErrorCode.not_a_poll, 'This post is not a poll');
    }
    if (post.pollExpiresAt.getTime() <= Date.now())
      throw badRequest(ErrorCode.poll_expired, 'This poll has expired');
    if (answerIndex >= post.pollOptions.length) {
      throw badRequest(ErrorCode.invalid_answer, 'No such option in this poll');
    }
    const changed = await work.tx
      .insert(pollVotes)
      .values({ postId, userId: callerId, optionIndex: answerIndex })
      .onConflictDoUpdate({
        target: [pollVotes.postId, pollVotes.userId],
        set: { optionIndex: answerIndex, votedAt: new Date() },
        setWhere: sql`${pollVotes.optionIndex} <> excluded.option_index`,
      })
      .returning({ postId: pollVotes.postId });
    if (changed.length > 0) await announcePost(work, post, EventSubtype.UPDATE);
    return presentFor(work.tx, callerId, access);
  });
}
