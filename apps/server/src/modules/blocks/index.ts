/**
 * The blocks module's entry: what other modules may use of it (docs/decisions/0033, 0046). Low in the layers:
 * it uses faces and stars only, and every module that refuses contact or hides a member asks it.
 */
export { blocksAccount } from './account';
export {
  assertNoneBlocked,
  blockedActorSql,
  blockedContact,
  blockedEitherWayAmong,
  hasBlockedSql,
  hiddenFrom,
  hiddenIdsSql,
  isBlockedEitherWay,
  notBlockedEitherWaySql,
  notHiddenFromSql,
} from './queries';
