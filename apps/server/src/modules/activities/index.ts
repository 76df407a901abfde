/** The activities module's entry: what other modules may use of it (docs/decisions/0033). */

export { activitiesAccount } from './account';
export { HistoryCache } from './history-cache';
export { LeaderboardCache } from './leaderboard-cache';
export {
  addDays,
  inMemberZone,
  instantWithin,
  learnMemberZone,
  localDay,
  localDayOf,
  monthOf,
  type Period,
  safeZone,
  startedWithin,
  weekOf,
  zoneOfMember,
} from './period';
export { forgetKeptReads } from './service';
