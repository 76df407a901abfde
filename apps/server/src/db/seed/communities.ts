import {
  AccessType,
  COMMUNITY_COLORS,
  CommunityRole,
  CommunityType,
  OwnerType,
  StarType,
  TermsKind,
} from '@orbit/contract';
import { recordInteraction, StarTarget } from '../../modules/stars';
import { communities, communityInvites, communityMembers } from '../schema';
import type { SeedContext, SeedWorld } from './world';

const DAY = 24 * 60 * 60 * 1000;
const TERMS_LINK = 'https://orbit.local/terms';

interface DemoCommunity {
  name: string;
  description: string;
  color: string;
  starType: number;
  communityType?: number;
  accessType?: number;
  tcKind?: number;
  hasLeaderboard?: boolean;
  /** Index into the other members of the expert; the demo member when absent. */
  expert?: number;
  /** Which of the other members belong: a slice [from, to). */
  members: [number, number];
  /** The demo member's last visit, in days ago, and how many visits: the star's zone and size. */
  demo?: { lastDaysAgo: number; visits: number };
  /** The demo member is invited, not a member. */
  invitesDemo?: boolean;
}

/** Every kind the home view and the join flow show: star types 1..4, public and private, both terms. */
const DEMO_COMMUNITIES: DemoCommunity[] = [
  {
    name: 'Sunrise Walkers',
    description: 'Early walks, every weekday before work.',
    color: COMMUNITY_COLORS[0],
    starType: StarType.COMMUNITY_USER_CREATED,
    members: [0, 12],
    demo: { lastDaysAgo: 0, visits: 9 },
  },
  {
    name: 'Mindful Minutes',
    description: 'Ten quiet minutes a day, together.',
    color: COMMUNITY_COLORS[1],
    starType: StarType.COMMUNITY_SYSTEM,
    communityType: CommunityType.ZEN,
    tcKind: TermsKind.GENERIC,
    members: [6, 20],
    demo: { lastDaysAgo: 2, visits: 3 },
  },
  {
    name: 'Spring Madness',
    description: 'The seasonal challenge: move, earn GoCoins, climb the board.',
    color: COMMUNITY_COLORS[4],
    starType: StarType.COMMUNITY_GAME,
    communityType: CommunityType.GOJI_MADNESS,
    tcKind: TermsKind.MADNESS,
    hasLeaderboard: true,
    members: [10, 28],
    demo: { lastDaysAgo: 6, visits: 5 },
  },
  {
    name: 'Inner Circle',
    description: 'The closest few.',
    color: COMMUNITY_COLORS[5],
    starType: StarType.COMMUNITY_INNER_CIRCLE,
    accessType: AccessType.PRIVATE,
    members: [0, 4],
    demo: { lastDaysAgo: 1, visits: 12 },
  },
  {
    name: 'Trail Blazers',
    description: 'Weekend hikes and the stories after.',
    color: COMMUNITY_COLORS[2],
    starType: StarType.COMMUNITY_USER_CREATED,
    expert: 14,
    members: [15, 24],
    demo: { lastDaysAgo: 20, visits: 2 },
  },
  {
    name: 'Night Owls Book Club',
    description: 'One book a month, discussed after dark.',
    color: COMMUNITY_COLORS[3],
    starType: StarType.COMMUNITY_USER_CREATED,
    accessType: AccessType.PRIVATE,
    expert: 20,
    members: [21, 27],
    invitesDemo: true,
  },
];

async function seedCommunity(ctx: SeedContext, world: SeedWorld, spec: DemoCommunity, now: Date) {
  const others = world.memberIds;
  const expertId = spec.expert === undefined ? world.demoUserId : others[spec.expert];
  const [row] = await ctx.tx
    .insert(communities)
    .values({
      name: spec.name,
      description: spec.description,
      info: `Welcome to ${spec.name}. Be kind, post often.`,
      color: spec.color,
      initials: spec.name.charAt(0),
      accessType: spec.accessType ?? AccessType.PUBLIC,
      communityType: spec.communityType ?? CommunityType.GENERAL,
      starType: spec.starType,
      tcKind: spec.tcKind ?? null,
      tcLink: spec.tcKind ? TERMS_LINK : null,
      hasLeaderboard: spec.hasLeaderboard ?? false,
      ownerType: OwnerType.ORGANIZATION,
      ownerId: world.organizationId,
      createdBy: expertId,
      createdAt: new Date(now.getTime() - 120 * DAY),
    })
    .returning({ id: communities.id });
  const memberIds = others.slice(...spec.members).filter((id) => id !== expertId);
  const demoJoins = spec.demo !== undefined && expertId !== world.demoUserId;
  await ctx.tx.insert(communityMembers).values([
    { communityId: row.id, userId: expertId, role: CommunityRole.EXPERT },
    ...[...memberIds, ...(demoJoins ? [world.demoUserId] : [])].map((userId) => ({
      communityId: row.id,
      userId,
      role: CommunityRole.MEMBER,
    })),
  ]);
  for (const userId of memberIds) {
    await recordInteraction(ctx.tx, userId, StarTarget.COMMUNITY, row.id, new Date(now.getTime() - 3 * DAY));
  }
  if (spec.demo) {
    for (let i = spec.demo.visits - 1; i >= 0; i--) {
      const when = new Date(now.getTime() - (spec.demo.lastDaysAgo + i) * DAY);
      await recordInteraction(ctx.tx, world.demoUserId, StarTarget.COMMUNITY, row.id, when);
    }
  }
  if (spec.invitesDemo) {
    await ctx.tx.insert(communityInvites).values({
      communityId: row.id,
      userId: world.demoUserId,
      invitedBy: expertId,
      createdAt: new Date(now.getTime() - 5 * 60 * 60 * 1000),
    });
  }
}

/** Communities of every star type, the demo member expert of most, and one invite waiting for them. */
export async function seedCommunities(ctx: SeedContext, world: SeedWorld, now = new Date()): Promise<void> {
  for (const spec of DEMO_COMMUNITIES) await seedCommunity(ctx, world, spec, now);
}
