/** The moments module's entry: what other modules may use of it (docs/decisions/0033). */

export { momentsAccount } from './account';
export {
  type AnsweredMoment,
  answeredMomentsSql,
  appsAnsweredBy,
  completeMomentsByActivity,
} from './completion';
