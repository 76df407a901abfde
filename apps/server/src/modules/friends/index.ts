/** The friends module's entry: what other modules may use of it (docs/decisions/0033). */
export { faceWatchersOf } from './service';
export { friendsAccount } from './account';
