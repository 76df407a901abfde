import { ACTIVITY_ADDRESSES } from '../features/activities/places';
import { ADMIN_ADDRESSES } from '../features/admin/places';
import { CALL_ADDRESSES } from '../features/calls/places';
import { COMMUNITY_ADDRESSES } from '../features/communities/places';
import { FEED_ADDRESSES } from '../features/feeds/places';
import { INCENTIVE_ADDRESSES } from '../features/incentives/places';
import { LESSON_ADDRESSES } from '../features/lessons/places';
import { MESSAGE_ADDRESSES } from '../features/messages/places';
import { MOMENT_ADDRESSES } from '../features/moments/places';
import { NOTIFICATION_ADDRESSES } from '../features/notifications/places';
import { SETTINGS_ADDRESSES } from '../features/settings/places';
import { SOCIAL_ADDRESSES } from '../features/social/places';
import { SURVEY_ADDRESSES } from '../features/surveys/places';
import { TOURNAMENT_ADDRESSES } from '../features/tournament/places';
import type { Address } from '../ui/navigation/history';

/**
 * Every view an address can name (docs/decisions/0042). The home view is /; the kinds share the path with the
 * app's own pages (/signin, /register), so none is called so.
 */
export const ADDRESSES: readonly Address[] = [
  ...COMMUNITY_ADDRESSES,
  ...FEED_ADDRESSES,
  ...MESSAGE_ADDRESSES,
  ...NOTIFICATION_ADDRESSES,
  ...SOCIAL_ADDRESSES,
  ...CALL_ADDRESSES,
  ...MOMENT_ADDRESSES,
  ...SURVEY_ADDRESSES,
  ...INCENTIVE_ADDRESSES,
  ...TOURNAMENT_ADDRESSES,
  ...ACTIVITY_ADDRESSES,
  ...LESSON_ADDRESSES,
  ...SETTINGS_ADDRESSES,
  ...ADMIN_ADDRESSES,
];
