/** What other features may use of lessons (docs/decisions/0059). */
export { StreamEntry } from './StreamEntry';
