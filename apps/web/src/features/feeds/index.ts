/** What other features may use of feeds (docs/decisions/0059). */
export { Attachments } from './Attachments';
export { openComposer } from './Composer';
export { Feed } from './Feed';
export { LinkPreviewCard } from './LinkPreviewCard';
export { MessageBox } from './MessageBox';
export { UploadWidget, useUploads } from './UploadWidget';
