/** The messages module's entry: what other modules may use of it (docs/decisions/0033). */

export { messagesAccount } from './account';
export { ThreadPageCache } from './page-cache';
export { groupImageUrl, threadTitle } from './presenter';
export {
  facesSeenBy,
  groupCompanionsOf,
  groupCompanionsQuery,
  isGroupThread,
  pendingThreadsSql,
  unreadCountSql,
} from './queries';
export { openMessageById, removeMessageById } from './service';
