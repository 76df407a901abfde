/** What other features and the app may use of auth (docs/decisions/0059). */
export { PasswordRequirements } from './PasswordRequirements';
export { registrationErrorText } from './registrationErrors';
