import { ACTIVITY_ADDRESSES } from '../features/activities';
import { ADMIN_ADDRESSES } from '../features/admin';
import { CALL_ADDRESSES } from '../features/calls';
import { COMMUNITY_ADDRESSES } from '../features/communities';
import { FEED_ADDRESSES } from '../features/feeds';
import { INCENTIVE_ADDRESSES } from '../features/incentives';
import { LESSON_ADDRESSES } from '../features/lessons';
import { MESSAGE_ADDRESSES } from '../features/messages';
import { MOMENT_ADDRESSES } from '../features/moments';
import { NOTIFICATION_ADDRESSES } from '../features/notifications';
import { SETTINGS_ADDRESSES } from '../features/settings';
import { SOCIAL_ADDRESSES } from '../features/social';
import { SURVEY_ADDRESSES } from '../features/surveys';
import { TOURNAMENT_ADDRESSES } from '../features/tournament';
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
