import { UPLOAD_EXTENSIONS } from '@orbit/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './Feeds.module.css';
import { acceptPick, hasUploadError, oversizeMessage, type PickedFile } from './uploads';

export interface Uploads {
  files: PickedFile[];
  hasError: boolean;
  add: (picked: File[]) => void;
  remove: (file: File) => void;
  reset: () => void;
}

/** The widget's state; removing the last file calls `onRemoveLast` (the writer leaves sendImage). */
export function useUploads(onRemoveLast?: () => void): Uploads {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const add = useCallback((picked: File[]) => setFiles(acceptPick(picked)), []);
  const remove = useCallback(
    (file: File) =>
      setFiles((current) => {
        const next = current.filter((entry) => entry.file !== file);
        if (next.length === 0 && current.length > 0) onRemoveLast?.();
        return next;
      }),
    [onRemoveLast],
  );
  const reset = useCallback(() => setFiles([]), []);
  return useMemo(
    () => ({ files, hasError: hasUploadError(files), add, remove, reset }),
    [files, add, remove, reset],
  );
}

const ACCEPT = Object.keys(UPLOAD_EXTENSIONS)
  .map((extension) => `.${extension}`)
  .join(',');

/** The picked files with their 25 MB flags and remove buttons (docs/product/feeds-and-comments.md#upload-limits). */
export function UploadWidget({ uploads }: { uploads: Uploads }) {
  const { t } = useTranslation();
  if (uploads.files.length === 0) return null;
  const message = oversizeMessage(uploads.files, { one: T.fileExceedsLimit, several: T.filesExceedLimit });
  return (
    <div className={styles.uploads}>
      <ul className={styles.uploadList}>
        {uploads.files.map((entry) => (
          <li
            key={`${entry.file.name}-${entry.file.size}`}
            className={entry.oversized ? styles.uploadBad : ''}
          >
            <span className={styles.fileName}>{entry.file.name}</span>
            <button
              type="button"
              className={styles.removeFile}
              aria-label={t(T.removeFile, positional(entry.file.name))}
              onClick={() => uploads.remove(entry.file)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {message && (
        <p className={styles.error} role="alert">
          {t(message)}
        </p>
      )}
    </div>
  );
}

/** Opens the file picker; at most 4 whitelisted files of a pick are kept. `compact` shows a paperclip. */
function PickButton({
  uploads,
  label,
  onPick,
  compact = false,
}: {
  uploads: Uploads;
  label: string;
  onPick?: () => void;
  compact?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={compact ? styles.clip : styles.chip}
        aria-label={compact ? label : undefined}
        onClick={() => input.current?.click()}
      >
        {compact ? <PaperclipGlyph /> : label}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          uploads.add(Array.from(event.target.files ?? []));
          onPick?.();
          event.target.value = '';
        }}
      />
    </>
  );
}
UploadWidget.PickButton = PickButton;

function PaperclipGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M16.5 6.5 8.4 14.6a2 2 0 0 0 2.8 2.8l8.1-8.1a4 4 0 0 0-5.7-5.7L5.5 11.7a6 6 0 0 0 8.5 8.5l6.5-6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
