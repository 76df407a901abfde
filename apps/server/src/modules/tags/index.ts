/** The tags module's entry: what other modules may use of it (docs/decisions/0033). */
export { recordTags } from './service';
export { tagsAccount } from './account';
