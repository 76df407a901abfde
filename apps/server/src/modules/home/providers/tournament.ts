import {
  AccessType,
  BackgroundType,
  currentSeasonYear,
  RoundState,
  roundState,
  StarType,
  seasonCode,
  TOURNAMENT_ROUNDS,
} from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { communities, communityMembers } from '../../../db/schema';
import { blankStar } from '../presenter';
import { OWNER } from '../statements';
import { readingStars } from './types';

const entered = jsonRead({ id: communities.id }, (fields) =>
  reads
    .select(fields)
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(and(eq(communityMembers.userId, OWNER), eq(communities.accessType, AccessType.PUBLIC)))
    .limit(1),
);

/**
 * The tournament star (BG 12 with background type 2, tournament: docs/product/home-and-stars.md#star-types; docs/product/tournament.md#tournament-star) opens the tournament's
 * intro. A member sees it once they belong to a public community (the ones that enter, 0018), close and
 * large while a round of the season is under way.
 */
export const tournamentStar = readingStars(entered, ({ now }, [entry]) => {
  if (!entry) return { stars: [] };
  const year = currentSeasonYear(now);
  const live = TOURNAMENT_ROUNDS.some((def) => roundState(year, def.round, now) === RoundState.LIVE);
  return {
    stars: [
      {
        ...blankStar({
          star_id: `${StarType.BG}:${seasonCode(year)}`,
          star_type: StarType.BG,
          name: 'tournament',
        }),
        type: BackgroundType.TOURNAMENT,
        zone: live ? 1 : 2,
        size: live ? 3 : 2,
      },
    ],
  };
});
