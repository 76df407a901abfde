/** The friends module's entry: what other modules may use of it (docs/decisions/0033). */

export { friendsAccount } from './account';
export { faceWatchersOf, faceWatchersQuery } from './service';
