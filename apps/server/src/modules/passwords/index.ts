/** The passwords module's entry: what other modules and the wiring may use of it (docs/decisions/0033). */
export {
  issuePasswordLink,
  mailWelcome,
  repliedWorkDone,
  TOKEN_LIFETIME_MS,
  voidPasswordTokens,
} from './service';
