import { asc, eq } from 'drizzle-orm';
import { comments, communities, communityMembers, pollVotes, posts } from '../schema';
import type { SeedContext, SeedWorld } from './world';

const HOUR = 60 * 60 * 1000;

const POSTS = [
  'Who is in for tomorrow morning? Meeting at the usual spot at 7.',
  'Small win today: took the stairs all day instead of the lift.',
  'Sharing a playlist that got me through a long session this week.',
  'Reminder to drink water and rest well. Consistency beats intensity.',
];
const COMMENTS = ['Count me in!', 'Love this.', 'Great idea, thanks for sharing.', 'See you there 👋'];
const POLL = {
  question: 'When should we meet next week?',
  options: ['Monday evening', 'Wednesday morning', 'Saturday'],
};
const FRIEND_POSTS = ['Happy to have you in my orbit!', 'Thanks for the motivation yesterday.'];

/** A lived-in feed for every community and for the demo member: posts, comments and a poll with votes. */
export async function seedPosts(ctx: SeedContext, world: SeedWorld, now = new Date()): Promise<void> {
  const all = await ctx.tx.select({ id: communities.id }).from(communities).orderBy(asc(communities.id));
  for (const community of all) {
    const members = await ctx.tx
      .select({ userId: communityMembers.userId })
      .from(communityMembers)
      .where(eq(communityMembers.communityId, community.id))
      .orderBy(asc(communityMembers.userId));
    const authors = members.map((m) => m.userId);
    if (authors.length === 0) continue;
    const authorAt = (i: number) => authors[i % authors.length];
    for (const [i, message] of POSTS.entries()) {
      const createdAt = new Date(now.getTime() - (POSTS.length - i) * 7 * HOUR);
      const [post] = await ctx.tx
        .insert(posts)
        .values({
          communityId: community.id,
          authorId: authorAt(i),
          message,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: posts.id });
      await ctx.tx.insert(comments).values(
        COMMENTS.slice(0, 1 + (i % 3)).map((text, j) => ({
          postId: post.id,
          authorId: authorAt(i + j + 1),
          message: text,
          createdAt: new Date(createdAt.getTime() + (j + 1) * HOUR),
        })),
      );
    }
    const [poll] = await ctx.tx
      .insert(posts)
      .values({
        communityId: community.id,
        authorId: authorAt(1),
        type: 5,
        // A poll's text is its question (as POST /polls writes it, with no message of its own).
        message: '',
        pollQuestion: POLL.question,
        pollOptions: POLL.options,
        pollExpiresAt: new Date(now.getTime() + 3 * 24 * HOUR),
      })
      .returning({ id: posts.id });
    const voters = authors.filter((id) => id !== world.demoUserId).slice(0, 7);
    if (voters.length > 0) {
      await ctx.tx
        .insert(pollVotes)
        .values(
          voters.map((userId, i) => ({ postId: poll.id, userId, optionIndex: i % POLL.options.length })),
        );
    }
  }
  // Friends greeting the demo member on the demo member's own feed.
  for (const [i, message] of FRIEND_POSTS.entries()) {
    await ctx.tx.insert(posts).values({
      ownerUserId: world.demoUserId,
      authorId: world.memberIds[i],
      message,
      createdAt: new Date(now.getTime() - (i + 1) * 20 * HOUR),
    });
  }
}
