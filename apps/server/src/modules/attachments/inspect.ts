import {
  EN_US,
  FileType,
  fileExtension,
  isUploadExtension,
  LIMITS,
  UPLOAD_EXTENSIONS,
  uploadFileType,
} from '@orbit/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors';
import { ACCEPTED_IMAGE_TYPES, reencodeImage } from '../../platform/images';

/** A file as the member sent it: its name and bytes, nothing trusted yet. */
export interface IncomingFile {
  fileName: string;
  bytes: Buffer;
}

/** A file that passed every check, in the bytes that will be stored and the type it is served as. */
export interface PreparedFile {
  fileName: string;
  type: FileType;
  mime: string;
  bytes: Buffer;
}

/** OLE compound files: .doc and .xls, and password-protected .docx and .xlsx too. */
const CFB = 'application/x-cfb';
/** What the sniffed bytes of each file type may be: the extension's family, never the client's word. */
const FAMILY: Record<FileType, readonly string[]> = {
  [FileType.IMAGE]: ACCEPTED_IMAGE_TYPES,
  [FileType.VIDEO]: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-m4v'],
  [FileType.AUDIO]: [
    'audio/mpeg',
    'audio/aac',
    'audio/flac',
    'audio/ogg',
    'audio/ogg; codecs=opus',
    'audio/opus',
  ],
  [FileType.PDF]: ['application/pdf'],
  [FileType.DOCUMENT]: [
    CFB,
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text',
  ],
  [FileType.SPREADSHEET]: [
    CFB,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.oasis.opendocument.spreadsheet',
  ],
  [FileType.FILE]: [],
};

/** Plain-text formats have no magic bytes: they are accepted as UTF-8 without NUL, served as text. */
const TEXT_MIME: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The longest file name kept; the rest is cut before the extension. */
export const FILE_NAME_MAX = 200;

export const tooManyFiles = () =>
  new AppError(400, 'too_many_files', `At most ${LIMITS.uploadFilesPerPick} files at once`);
export const filesTooLarge = (fileCount: number) =>
  new AppError(
    413,
    'too_large',
    fileCount === 1 ? EN_US['upload.file_exceeds_limit'] : EN_US['upload.files_exceed_limit'],
  );
export const notAccepted = (fileName: string) =>
  new AppError(415, 'unsupported_type', `${fileName}: this type of file is not accepted`);

/** The name shown and offered on download: no folders, no control characters, not endless. */
export function cleanFileName(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= FILE_NAME_MAX) return base || 'file';
  const extension = fileExtension(base);
  return `${base.slice(0, FILE_NAME_MAX - extension.length - 1)}.${extension}`;
}

function isCleanText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks one file (nothing the client says about it is trusted): its extension is on the list, its bytes belong to that extension's
 * family (sniffed), and an image is re-encoded so that its metadata (GPS included) is gone. 415 otherwise.
 */
export async function prepareFile(file: IncomingFile): Promise<PreparedFile> {
  const fileName = cleanFileName(file.fileName);
  const extension = fileExtension(fileName);
  if (!isUploadExtension(extension)) throw notAccepted(fileName);
  const type = UPLOAD_EXTENSIONS[extension];
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (Object.hasOwn(TEXT_MIME, extension)) {
    if (sniffed || !isCleanText(file.bytes)) throw notAccepted(fileName);
    return { fileName, type, mime: TEXT_MIME[extension], bytes: file.bytes };
  }
  if (!sniffed || !FAMILY[type].includes(sniffed.mime)) throw notAccepted(fileName);
  if (type !== FileType.IMAGE) return { fileName, type, mime: sniffed.mime, bytes: file.bytes };
  const image = await reencodeImage(file.bytes, sniffed.mime);
  return { fileName, type, mime: image.mime, bytes: image.data };
}

/** The composer's image (POST /user/post_image): an image by its bytes, whatever its name (a pasted one may have none). */
export async function prepareImage(file: IncomingFile): Promise<PreparedFile> {
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw notAccepted(cleanFileName(file.fileName));
  }
  const named = uploadFileType(file.fileName) === FileType.IMAGE;
  return prepareFile(named ? file : { ...file, fileName: `image.${sniffed.ext}` });
}
