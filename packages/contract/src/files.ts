import { FileType } from './enums';

/**
 * The extensions a member may upload and the file type code each one is shown as (docs/product/feeds-and-comments.md#attachments, #upload-types): the preview
 * types of docs/product/feeds-and-comments.md#upload-types plus the documents and spreadsheets its "supported file" implies. The server checks the
 * bytes against the extension's family as well; the upload widget uses this list to ignore other files.
 * `ogg` stands beside `vorbis` because Vorbis audio files carry the .ogg extension.
 */
export const UPLOAD_EXTENSIONS = {
  jpg: FileType.IMAGE,
  jpeg: FileType.IMAGE,
  png: FileType.IMAGE,
  gif: FileType.IMAGE,
  avif: FileType.IMAGE,
  webp: FileType.IMAGE,
  pdf: FileType.PDF,
  mp4: FileType.VIDEO,
  mov: FileType.VIDEO,
  webm: FileType.VIDEO,
  mp3: FileType.AUDIO,
  aac: FileType.AUDIO,
  flac: FileType.AUDIO,
  vorbis: FileType.AUDIO,
  ogg: FileType.AUDIO,
  doc: FileType.DOCUMENT,
  docx: FileType.DOCUMENT,
  odt: FileType.DOCUMENT,
  txt: FileType.DOCUMENT,
  xls: FileType.SPREADSHEET,
  xlsx: FileType.SPREADSHEET,
  ods: FileType.SPREADSHEET,
  csv: FileType.SPREADSHEET,
} as const satisfies Record<string, FileType>;

export type UploadExtension = keyof typeof UPLOAD_EXTENSIONS;

/** The lower-cased extension of a file name (after its last dot), or '' when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isUploadExtension(extension: string): extension is UploadExtension {
  return Object.hasOwn(UPLOAD_EXTENSIONS, extension);
}

/** The file type code a file is shown as, or null when its extension may not be uploaded. */
export function uploadFileType(fileName: string): FileType | null {
  const extension = fileExtension(fileName);
  return isUploadExtension(extension) ? UPLOAD_EXTENSIONS[extension] : null;
}

/** Where a stored attachment is served (the `url` of docs/product/feeds-and-comments.md#attachments Attachment). */
export function attachmentUrl(attachmentId: number): string {
  return `/api/attachments/${attachmentId}`;
}

/** Where the composer's image is shown (docs/product/feeds-and-comments.md#composer: GET /user/post_image?image_id=). */
export function postImageUrl(imageId: number): string {
  return `/api/user/post_image?image_id=${imageId}`;
}
