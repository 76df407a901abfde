/** The users module's entry: what other modules may use of it (docs/decisions/0033). */
export { presentUserProfile } from './presenter';
export { usersAccount } from './account';
