import { StarType } from '@orbit/contract';
import type { Star } from '../../api/types';

interface StarColors {
  ring: string;
  fill: string;
}

const COMMUNITY: StarColors = { ring: '#7fe0b5', fill: '#123f3a' };

/** Each kind of star keeps its colour, so the field reads at a glance: people blue, places green... */
const BY_TYPE: Partial<Record<number, StarColors>> = {
  [StarType.FRIEND]: { ring: '#8fb0ff', fill: '#1f3166' },
  [StarType.PENDING_FRIEND]: { ring: '#a9b4d6', fill: '#1a2447' },
  [StarType.REQUESTS]: { ring: '#ffd27a', fill: '#4a3a17' },
  [StarType.COMMUNITY_USER_CREATED]: COMMUNITY,
  [StarType.COMMUNITY_SYSTEM]: COMMUNITY,
  [StarType.COMMUNITY_GAME]: { ring: '#ffb38a', fill: '#4a2a1a' },
  [StarType.COMMUNITY_INNER_CIRCLE]: { ring: '#ff9ec4', fill: '#4a1f35' },
  [StarType.COMMUNITY_INVITE]: { ring: '#c7a6ff', fill: '#2f2152' },
  [StarType.INCENTIVE]: { ring: '#ffd27a', fill: '#3f3212' },
  [StarType.ACTIVITY]: { ring: '#ff8fb1', fill: '#44192c' },
  [StarType.GAME]: { ring: '#ffb38a', fill: '#4a2a1a' },
  [StarType.MOMENTS]: { ring: '#c7a6ff', fill: '#2f2152' },
  [StarType.BG]: { ring: '#c7a6ff', fill: '#2a1f4a' },
  [StarType.SURVEYS]: { ring: '#7fd6e0', fill: '#133c44' },
  [StarType.PRIVATE_MESSAGES]: { ring: '#8fb0ff', fill: '#1f3166' },
};

const DEFAULT_COLORS: StarColors = { ring: '#8fb0ff', fill: '#15234d' };

/** The star's own colours when the server sends them, else its type's. */
export function colorsOf(star: Pick<Star, 'star_type' | 'color' | 'color_ring'>): StarColors {
  const byType = BY_TYPE[star.star_type] ?? DEFAULT_COLORS;
  return { ring: star.color_ring ?? byType.ring, fill: star.color ?? byType.fill };
}
