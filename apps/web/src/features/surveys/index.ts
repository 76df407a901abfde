/** What other features may use of surveys (docs/decisions/0059). */
export { formatTime } from './rules';
