/** The attachments module's entry: what other modules may use of it (docs/decisions/0033). */

export { attachmentsAccount } from './account';
export { formData, readUploadForm } from './form';
export type { IncomingFile } from './inspect';
export { noFiles } from './posts';
export { type AttachmentRow, type StoredUploads, withStoredUploads } from './service';
