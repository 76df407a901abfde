/** The reports module's entry: what other modules may use of it (docs/decisions/0033). */
export { reportsAccount } from './account';
