import type { AppDeps } from '../deps';
import type { App } from '../platform/http';
import { accountRoutes } from './account/routes';
import { activitiesRoutes } from './activities/routes';
import { adminRoutes } from './admin/routes';
import { attachmentsRoutes } from './attachments/routes';
import { authRoutes } from './auth/routes';
import { blocksRoutes } from './blocks/routes';
import { callsRoutes } from './calls/routes';
import { communitiesRoutes } from './communities/routes';
import { devicesRoutes } from './devices/routes';
import { feedsRoutes } from './feeds/routes';
import { friendsRoutes } from './friends/routes';
import { homeRoutes } from './home/routes';
import { imagesRoutes } from './images/routes';
import { incentivesRoutes } from './incentives/routes';
import { lessonsRoutes } from './lessons/routes';
import { localeRoutes } from './locale/routes';
import { messagesRoutes } from './messages/routes';
import { momentsRoutes } from './moments/routes';
import { moodsRoutes } from './moods/routes';
import { notificationsRoutes } from './notifications/routes';
import { passwordsRoutes } from './passwords/routes';
import { pushRoutes } from './push/routes';
import { remindersRoutes } from './reminders/routes';
import { reportsRoutes } from './reports/routes';
import { searchRoutes } from './search/routes';
import { starsRoutes } from './stars/routes';
import { surveysRoutes } from './surveys/routes';
import { tagsRoutes } from './tags/routes';
import { tournamentRoutes } from './tournament/routes';
import { twoFactorRoutes } from './twofactor/routes';
import { usersRoutes } from './users/routes';

/** One register per feature module, in the order they are mounted under /api. */
export const modules: ((app: App, deps: AppDeps) => Promise<void>)[] = [
  authRoutes,
  twoFactorRoutes,
  devicesRoutes,
  passwordsRoutes,
  localeRoutes,
  usersRoutes,
  moodsRoutes,
  homeRoutes,
  imagesRoutes,
  friendsRoutes,
  blocksRoutes,
  starsRoutes,
  searchRoutes,
  tagsRoutes,
  communitiesRoutes,
  feedsRoutes,
  attachmentsRoutes,
  notificationsRoutes,
  momentsRoutes,
  messagesRoutes,
  lessonsRoutes,
  activitiesRoutes,
  callsRoutes,
  adminRoutes,
  incentivesRoutes,
  surveysRoutes,
  tournamentRoutes,
  reportsRoutes,
  accountRoutes,
  pushRoutes,
  remindersRoutes,
];
