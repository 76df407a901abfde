// Shared with the live sessions' recordings: the helper lives in platform/file-reply.ts.
export { contentDisposition, sendStoredFile } from '../../platform/file-reply';
