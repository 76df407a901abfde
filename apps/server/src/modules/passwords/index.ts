/** The passwords module's entry: what other modules and the wiring may use of it (docs/decisions/0033). */
export { mailWelcome, repliedWorkDone, voidPasswordTokens } from './service';
