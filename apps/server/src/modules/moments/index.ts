/** The moments module's entry: what other modules may use of it (docs/decisions/0033). */
export { completeMomentsByActivity } from './completion';
export { momentsAccount } from './account';
