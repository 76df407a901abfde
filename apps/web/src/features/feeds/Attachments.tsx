import type { PmAttachment } from '@orbit/contract';
import { useRef, useState } from 'react';
import { positional, useTranslation } from '../../i18n';
import { buttonCase } from '../../i18n/casing';
import { T } from '../../i18n/texts';
import { Layer } from '../../ui/Layer';
import styles from './Feeds.module.css';
import { previewKind } from './uploads';

/** The attachments grid of a post or comment; a tap opens the file preview. */
export function Attachments({ items }: { items: readonly PmAttachment[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<PmAttachment | null>(null);
  if (items.length === 0) return null;
  return (
    <>
      <ul className={styles.attachments}>
        {items.map((item) => (
          <li key={item.url}>
            <button
              type="button"
              className={styles.attachment}
              // A picture shows no text, so the button says what it opens; a file's tile is named by the name it shows.
              aria-label={
                previewKind(item.fileName) === 'image' ? t(T.openFile, positional(item.fileName)) : undefined
              }
              onClick={() => setOpen(item)}
            >
              {previewKind(item.fileName) === 'image' ? (
                <img src={item.url} alt="" loading="lazy" />
              ) : (
                <span className={styles.fileTile}>
                  <FileGlyph />
                  <span className={styles.fileName}>{item.fileName}</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {open && <FilePreview item={open} onClose={() => setOpen(null)} />}
    </>
  );
}

const FileGlyph = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="none" stroke="currentColor">
    <path d="M14 3H6a2 2 0 00-2 2v14a2 2 0 002 2h12a2 2 0 002-2V9z" strokeWidth="2" />
    <path d="M14 3v6h6" strokeWidth="2" />
  </svg>
);

/** The file preview modal (docs/product/feeds-and-comments.md#file-preview): by type, with a download link; close and Escape close it. */
export function FilePreview({ item, onClose }: { item: PmAttachment; onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <div className={styles.previewBackdrop}>
      <Layer
        className={styles.preview}
        role="dialog"
        aria-modal="true"
        aria-label={item.fileName}
        initialFocus={closeRef}
        onEscape={onClose}
      >
        <div className={styles.previewBody}>
          <PreviewContent item={item} />
        </div>
        <div className={styles.previewActions}>
          <a className={styles.link} href={item.url} download={item.fileName}>
            {t(T.fileDownload)}
          </a>
          <button ref={closeRef} type="button" className={styles.link} onClick={onClose}>
            {buttonCase(t(T.fileClose))}
          </button>
        </div>
      </Layer>
    </div>
  );
}

function PreviewContent({ item }: { item: PmAttachment }) {
  switch (previewKind(item.fileName)) {
    case 'image':
      return <img src={item.url} alt={item.fileName} />;
    case 'pdf':
      return <iframe src={item.url} title={item.fileName} />;
    case 'video':
      // biome-ignore lint/a11y/useMediaCaption: members' own uploads come without captions
      return <video src={item.url} controls />;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: members' own uploads come without captions
      return <audio src={item.url} controls />;
    default:
      return (
        <span className={styles.fileTile}>
          <FileGlyph />
          <span className={styles.fileName}>{item.fileName}</span>
        </span>
      );
  }
}
