/** What other features may use of lessons (docs/decisions/0059). */
export { LESSON_ADDRESSES } from './open';
export { StreamEntry } from './StreamEntry';
