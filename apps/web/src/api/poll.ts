import type { FeedPost, PollData } from '@orbit/contract';

/**
 * The poll after the member chooses `option` (docs/product/feeds-and-comments.md#poll-voting): one vote per member, a new choice moves it (the old
 * option loses the vote and the new one gains it at once), the same choice and an expired poll change nothing
 * (null).
 */
export function moveVote(poll: PollData, userId: number, option: number): PollData | null {
  if (poll.expired || poll.my_answer === option) return null;
  if (option < 0 || option >= poll.options.length) return null;
  // In wellbeing mode the votes come only once the member has voted: the server's answer brings them.
  const answers = poll.answers?.map((voters, index) => {
    const others = voters.filter((voter) => voter.user_id !== userId);
    return index === option ? [...others, { user_id: userId }] : others;
  });
  return { ...poll, ...(answers && { answers }), my_answer: option };
}

/** Whether the poll's expiry has passed at `now` (the server's `expired` may be stale in a cached post). */
export function isPollExpired(poll: PollData, now: number): boolean {
  return poll.expired || Date.parse(poll.expiration_date) <= now;
}

/**
 * The text a post card shows above its content. A poll's question is its title (docs/product/feeds-and-comments.md#poll-voting: poll posts render as
 * poll feed items), so a message that only repeats it (as older and imported polls carry) is not shown twice.
 */
export function postText(item: Pick<FeedPost, 'message' | 'poll_data'>): string {
  const question = item.poll_data?.question.trim();
  return question !== undefined && item.message.trim() === question ? '' : item.message;
}
