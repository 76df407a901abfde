import { recordInteraction, StarTarget } from '../../modules/stars';
import { messageGroups, messageParticipants, messages } from '../schema';
import type { SeedContext, SeedWorld } from './world';

const MINUTE = 60 * 1000;

/** A line of a seeded conversation: who says it (0 the demo member, n the thread's n-th friend) and when. */
type Line = [speaker: number, minutesAgo: number, text: string];

interface DemoThread {
  /** Indexes into the demo member's friends. */
  friends: number[];
  name?: string;
  lines: Line[];
  /** How many of the last lines the demo member has not read yet. */
  unread: number;
}

const THREADS: DemoThread[] = [
  {
    friends: [0],
    unread: 2,
    lines: [
      [1, 2 * 24 * 60, 'Are you doing the 10k on Saturday?'],
      [0, 2 * 24 * 60 - 5, 'Thinking about it. My knee has been grumpy this week.'],
      [1, 2 * 24 * 60 - 9, 'Ice and an easy jog tomorrow, then decide?'],
      [0, 24 * 60, 'Easy jog done, knee is fine. I am in!'],
      [1, 40, 'Great! Meet at the north gate at 7:30?'],
      [1, 38, 'I will bring the spare energy gels.'],
    ],
  },
  {
    friends: [1],
    unread: 0,
    lines: [
      [1, 3 * 24 * 60, 'That yoga flow you posted was lovely, thank you.'],
      [0, 3 * 24 * 60 - 30, 'So glad it helped! The hip opener is my favourite part.'],
      [1, 3 * 24 * 60 - 42, 'Same. Doing it again tonight.'],
    ],
  },
  {
    friends: [0, 1],
    name: 'Saturday runners',
    unread: 3,
    lines: [
      [0, 26 * 60, 'Created a group so we can plan Saturday together.'],
      [2, 25 * 60, 'Perfect timing, I was about to ask.'],
      [1, 90, 'Forecast says light rain, still on?'],
      [2, 70, 'Rain makes it more fun. Still on!'],
      [1, 65, 'Fine, fine. Bringing a cap.'],
    ],
  },
];

/**
 * A few one-to-one threads and a group for the demo member, with messages waiting to be read, so that
 * the message list, its badges and the group's star are alive on a new demo world.
 */
export async function seedMessages(ctx: SeedContext, world: SeedWorld, now = new Date()): Promise<void> {
  for (const thread of THREADS) {
    const members = [world.demoUserId, ...thread.friends.map((i) => world.memberIds[i])];
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
    const lastAt = at(Math.min(...thread.lines.map(([, minutesAgo]) => minutesAgo)));
    const isGroup = members.length > 2;
    const [group] = await ctx.tx
      .insert(messageGroups)
      .values({
        isGroup,
        name: thread.name ?? null,
        createdBy: world.demoUserId,
        pairKey: isGroup ? null : [...members].sort((a, b) => a - b).join(':'),
        lastMessageAt: lastAt,
        createdAt: at(Math.max(...thread.lines.map(([, minutesAgo]) => minutesAgo))),
      })
      .returning({ id: messageGroups.id });
    const rows = await ctx.tx
      .insert(messages)
      .values(
        thread.lines.map(([speaker, minutesAgo, text]) => ({
          groupId: group.id,
          authorId: members[speaker],
          message: text,
          createdAt: at(minutesAgo),
        })),
      )
      .returning({ id: messages.id });
    const newest = rows.at(-1)?.id ?? 0;
    const demoRead = rows[rows.length - 1 - thread.unread]?.id ?? 0;
    await ctx.tx.insert(messageParticipants).values(
      members.map((userId) => ({
        groupId: group.id,
        userId,
        lastReadMessageId: userId === world.demoUserId ? demoRead : newest,
      })),
    );
    if (isGroup) {
      for (const userId of members)
        await recordInteraction(ctx.tx, userId, StarTarget.GROUP, group.id, lastAt);
    }
  }
}
