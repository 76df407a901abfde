/** What other features may use of social (docs/decisions/0059). */
export { BlockButton, useBlockMember, useUnblockMember } from './BlockButton';
export { MOOD_ORDER, moodKey } from './rules';
export { showFailure } from './useFriendActions';
