/** The users module's entry: what other modules may use of it (docs/decisions/0033). */

export { usersAccount } from './account';
export { presentUserProfile } from './presenter';
export { resetFace } from './service';
