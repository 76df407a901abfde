import type { AccountPart } from '../../platform/account';
import { activitiesAccount } from '../activities';
import { attachmentsAccount } from '../attachments';
import { blocksAccount } from '../blocks';
import { communitiesAccount } from '../communities';
import { feedsAccount } from '../feeds';
import { friendsAccount } from '../friends';
import { homeAccount } from '../home';
import { imagesAccount } from '../images';
import { incentivesAccount } from '../incentives';
import { lessonsAccount } from '../lessons';
import { messagesAccount } from '../messages';
import { momentsAccount } from '../moments';
import { moodsAccount } from '../moods';
import { notificationsAccount } from '../notifications';
import { pushAccount } from '../push';
import { remindersAccount } from '../reminders';
import { reportsAccount } from '../reports';
import { starsAccount } from '../stars';
import { surveysAccount } from '../surveys';
import { tagsAccount } from '../tags';
import { usersAccount } from '../users';

/**
 * Every module's share of a member's account (decision 0048), in the order the erasure runs them: what is
 * announced as deleted (posts, comments, messages) goes before the memberships and friendships that decide
 * who hears of it, the files last; the export's sections come in the same order. A new module with data of its own adds one line here.
 */
export const ACCOUNT_PARTS: readonly AccountPart[] = [
  feedsAccount,
  messagesAccount,
  momentsAccount,
  lessonsAccount,
  communitiesAccount,
  friendsAccount,
  blocksAccount,
  starsAccount,
  homeAccount,
  notificationsAccount,
  pushAccount,
  remindersAccount,
  reportsAccount,
  activitiesAccount,
  moodsAccount,
  tagsAccount,
  // After the tags: the imported mood tags are prior tags already, so the tags part counts them.
  usersAccount,
  surveysAccount,
  incentivesAccount,
  attachmentsAccount,
  imagesAccount,
];
