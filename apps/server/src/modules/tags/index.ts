/** The tags module's entry: what other modules may use of it (docs/decisions/0033). */

export { tagsAccount } from './account';
export { recordTags } from './service';
