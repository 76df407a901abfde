/** The auth module's entry: what other modules may use of it (docs/decisions/0033). */
export { type AddedMember, onMemberAdded, onSignedIn } from './hooks';
export {
  changePassword,
  confirmPassword,
  findAccount,
  isIdentityTaken,
  normalizeIdentity,
  register,
  usernameOf,
} from './service';
