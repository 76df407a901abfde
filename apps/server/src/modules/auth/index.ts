/** The auth module's entry: what other modules may use of it (docs/decisions/0033). */
export {
  changePassword,
  confirmPassword,
  findAccount,
  isIdentityTaken,
  normalizeIdentity,
  register,
  usernameOf,
} from './service';
