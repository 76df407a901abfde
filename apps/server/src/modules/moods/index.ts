/** The moods module's entry: what other modules may use of it (docs/decisions/0033). */

export { moodsAccount } from './account';
export { recordMood } from './service';
