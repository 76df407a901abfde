/** What other features may use of communities (docs/decisions/0059). */
export { CommunityIcon } from './CommunityIcon';
export { CommunityList, CommunitySearchResults } from './CommunityList';
export { PendingInvites } from './PendingInvites';
export { PicturePicker } from './PicturePicker';
