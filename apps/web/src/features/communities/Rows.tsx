import type { ReactNode } from 'react';
import styles from './Communities.module.css';

export interface RowProps {
  /** The picture at the start of the row (decorative: the name is written beside it). */
  picture: ReactNode;
  name: string;
  detail?: ReactNode;
  /** Opens what the row stands for; the name becomes the button. */
  onOpen?: () => void;
  children?: ReactNode;
}

/** One community or member in a list: picture, name and detail, then the row's own buttons. */
export function Row({ picture, name, detail, onOpen, children }: RowProps) {
  const body = (
    <>
      {picture}
      <span className={styles.rowText}>
        <span className={styles.rowName}>{name}</span>
        {detail && <span className={styles.rowDetail}>{detail}</span>}
      </span>
    </>
  );
  return (
    <li className={styles.row}>
      {onOpen ? (
        <button type="button" className={styles.rowMain} onClick={onOpen}>
          {body}
        </button>
      ) : (
        <span className={styles.rowMain}>{body}</span>
      )}
      {children && <span className={styles.rowActions}>{children}</span>}
    </li>
  );
}

/** A list of rows, or its empty text when there are none. */
export function Rows({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.rows} aria-label={label}>
      {children}
    </ul>
  );
}
