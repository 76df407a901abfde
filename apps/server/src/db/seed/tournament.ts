import {
  AccessType,
  battleDayStarts,
  COMMUNITY_COLORS,
  CommunityRole,
  CommunityType,
  currentSeasonYear,
  OwnerType,
  RoundState,
  roundState,
  StarType,
  TOURNAMENT_ROUNDS,
  TournamentRound,
} from '@orbit/contract';
import { drawEntrants, freezeEntrants } from '../../modules/tournament';
import { activityLogs, communities, communityMembers } from '../schema';
import type { SeedContext, SeedWorld } from './world';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

/**
 * The demo world has four public communities; these twelve more make a bracket of sixteen, so the Round
 * of 16 onwards shows real pairs (the Rounds of 64 and 32 are byes).
 */
const BRACKET_TEAMS = [
  'Harbor Striders',
  'Peak Pushers',
  'River Rowers',
  'Desert Dashers',
  'City Cyclists',
  'Lakeside Yogis',
  'Summit Seekers',
  'Coastal Cruisers',
  'Prairie Pacers',
  'Forest Flow',
  'Valley Vaulters',
  'Metro Movers',
];
const TEAM_SIZE = 4;
/** Activity types of the sessions (docs/product/activities-and-leaderboards.md#activity-icons): running, walking, meditation, cycling, hiking, yoga. */
const ACTIVITY_TYPES = [1, 2, 3, 4, 5, 9];

/** A small deterministic generator, so every fresh demo world plays the same season. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedTeams(ctx: SeedContext, world: SeedWorld, now: Date) {
  const others = world.memberIds;
  for (const [i, name] of BRACKET_TEAMS.entries()) {
    const [row] = await ctx.tx
      .insert(communities)
      .values({
        name,
        description: `${name} take on the season's tournament together.`,
        color: COMMUNITY_COLORS[i % COMMUNITY_COLORS.length]!,
        initials: name.charAt(0),
        accessType: AccessType.PUBLIC,
        communityType: CommunityType.GENERAL,
        starType: StarType.COMMUNITY_USER_CREATED,
        ownerType: OwnerType.ORGANIZATION,
        ownerId: world.organizationId,
        createdAt: new Date(now.getTime() - 400 * DAY),
      })
      .returning({ id: communities.id });
    const members = Array.from({ length: TEAM_SIZE }, (_, k) => others[(i * 3 + k * 7) % others.length]!);
    await ctx.tx.insert(communityMembers).values(
      [...new Set(members)].map((userId, k) => ({
        communityId: row!.id,
        userId,
        role: k === 0 ? CommunityRole.EXPERT : CommunityRole.MEMBER,
      })),
    );
  }
}

/** The latest season whose finals are over: its whole bracket has been played. */
export function playedSeason(now: Date): number {
  const year = currentSeasonYear(now);
  return roundState(year, TournamentRound.FINALS, now) === RoundState.OVER ? year : year - 1;
}

/** Sessions on each battle day of the season for the entrants' members, stronger communities more active. */
async function seedBattles(ctx: SeedContext, year: number, communityIds: number[]) {
  const members = await ctx.tx.select().from(communityMembers);
  const entered = new Set(communityIds);
  const userIds = [...new Set(members.filter((m) => entered.has(m.communityId)).map((m) => m.userId))];
  const days = [
    ...new Set(TOURNAMENT_ROUNDS.flatMap((def) => battleDayStarts(year, def.round).map((d) => d.getTime()))),
  ];
  const next = random(year);
  const rows = [];
  for (const userId of userIds) {
    const keen = 0.4 + next() * 0.6;
    for (const day of days) {
      if (next() > keen) continue;
      rows.push({
        userId,
        activityType: ACTIVITY_TYPES[Math.floor(next() * ACTIVITY_TYPES.length)]!,
        sessionType: 1,
        startedAt: new Date(day + (1 + Math.floor(next() * 14)) * 60 * MINUTE),
        durationMs: Math.round((10 + next() * 80) * keen) * MINUTE,
        calories: Math.round(100 + next() * 400),
        steps: Math.round(next() * 8000),
        distanceM: Math.round(next() * 9000),
      });
    }
  }
  if (rows.length > 0) await ctx.tx.insert(activityLogs).values(rows);
}

/**
 * A played tournament season (0018): twelve more public communities, the draw frozen for the latest season
 * whose finals are over, and activity on each of its battle days, so the bracket has winners to show.
 */
export async function seedTournament(ctx: SeedContext, world: SeedWorld, now = new Date()) {
  await seedTeams(ctx, world, now);
  const year = playedSeason(now);
  const entrants = await freezeEntrants(ctx.tx, year, await drawEntrants(ctx.tx));
  await seedBattles(
    ctx,
    year,
    entrants.map((e) => e.communityId),
  );
}
