import { LIMITS, uploadFileType } from '@orbit/contract';

/** A file the upload widget holds: `oversized` flags one over 25 MB (docs/product/feeds-and-comments.md#post-limits). */
export interface PickedFile {
  file: File;
  oversized: boolean;
}

type Named = Pick<File, 'name' | 'size'>;

/**
 * The files of one pick the widget keeps (docs/product/feeds-and-comments.md#upload-limits): at most 4 per selection, only whitelisted extensions
 * (others are silently ignored), each over 25 MB flagged.
 */
export function acceptPick<F extends Named>(picked: readonly F[]): { file: F; oversized: boolean }[] {
  return picked
    .filter((file) => uploadFileType(file.name) !== null)
    .slice(0, LIMITS.uploadFilesPerPick)
    .map((file) => ({ file, oversized: file.size > LIMITS.uploadBytes }));
}

/** The message key for the flagged files: one file, or several; null when none is flagged. */
export function oversizeMessage(
  files: readonly { oversized: boolean }[],
  keys: { one: string; several: string },
): string | null {
  if (!files.some((entry) => entry.oversized)) return null;
  return files.length === 1 ? keys.one : keys.several;
}

/** Nothing is sent while an upload error is flagged (docs/product/feeds-and-comments.md#post-limits). */
export const hasUploadError = (files: readonly { oversized: boolean }[]) =>
  files.some((entry) => entry.oversized);

/** What the file preview shows for a file name (docs/product/feeds-and-comments.md#upload-limits: by extension). */
export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'file';

const PREVIEW_BY_EXTENSION: Record<string, PreviewKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  avif: 'image',
  webp: 'image',
  pdf: 'pdf',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  mp3: 'audio',
  aac: 'audio',
  flac: 'audio',
  vorbis: 'audio',
  ogg: 'audio',
};

export function previewKind(fileName: string): PreviewKind {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return PREVIEW_BY_EXTENSION[extension] ?? 'file';
}
