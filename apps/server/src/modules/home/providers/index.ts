import { activityStars } from './activities';
import { communityInviteStars, communityStars } from './communities';
import { incentiveStars } from './incentives';
import { meStar } from './me';
import { friendStars, pendingFriendStars } from './members';
import { messageGroupStars } from './message-groups';
import { momentStars } from './moments';
import { requestsStar } from './requests';
import { surveyStars } from './surveys';
import { tournamentStar } from './tournament';
import type { StarProvider } from './types';

export type { StarContext, StarProvider } from './types';

/**
 * Every kind of star in the home set, in the order the set lists them. A later feature (communities,
 * invites, moments, surveys, incentives, message groups, games, activities) adds its provider here.
 */
export const STAR_PROVIDERS: StarProvider[] = [
  meStar,
  requestsStar,
  friendStars,
  pendingFriendStars,
  communityStars,
  communityInviteStars,
  messageGroupStars,
  momentStars,
  activityStars,
  surveyStars,
  incentiveStars,
  tournamentStar,
];
