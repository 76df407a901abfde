import { ACTIVITY_ADDRESSES } from '../features/activities/open';
import { ADMIN_ADDRESSES } from '../features/admin/open';
import { CALL_ADDRESSES } from '../features/calls/open';
import { COMMUNITY_ADDRESSES } from '../features/communities/open';
import { FEED_ADDRESSES } from '../features/feeds/open';
import { INCENTIVE_ADDRESSES } from '../features/incentives/open';
import { LESSON_ADDRESSES } from '../features/lessons/open';
import { MESSAGE_ADDRESSES } from '../features/messages/open';
import { MOMENT_ADDRESSES } from '../features/moments/open';
import { NOTIFICATION_ADDRESSES } from '../features/notifications/open';
import { SETTINGS_ADDRESSES } from '../features/settings/openSettings';
import { SOCIAL_ADDRESSES } from '../features/social/open';
import { SURVEY_ADDRESSES } from '../features/surveys/open';
import { TOURNAMENT_ADDRESSES } from '../features/tournament/open';
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
