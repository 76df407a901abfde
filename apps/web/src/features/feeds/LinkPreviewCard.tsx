import { useLinkPreview } from '../../api/attachments';
import styles from './Feeds.module.css';

/** The link a comment starts with, if its first piece is one (docs/product/feeds-and-comments.md#post-limits). */
export function leadingLink(message: string): string | null {
  const first = message.trim().split(/\s+/)[0] ?? '';
  return /^https?:\/\/[^\s]+$/i.test(first) ? first : null;
}

/** A preview of a comment's leading link; nothing when there is none or it fails (docs/product/feeds-and-comments.md#post-limits: silent). */
export function LinkPreviewCard({ message }: { message: string }) {
  const url = leadingLink(message);
  const preview = useLinkPreview(url).data;
  if (!url || !preview || (!preview.title && !preview.img)) return null;
  return (
    <a className={styles.linkPreview} href={url} target="_blank" rel="noopener noreferrer">
      {preview.img && <img src={preview.img} alt="" loading="lazy" referrerPolicy="no-referrer" />}
      {preview.title && <span>{preview.title}</span>}
    </a>
  );
}
