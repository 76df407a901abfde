import type { ReactNode } from 'react';
import styles from './List.module.css';

export interface ListRowProps {
  /** The picture at the start of the row (decorative: the name is written beside it). */
  picture: ReactNode;
  name: string;
  /** A second line: a description, a message, a status, a date. */
  detail?: ReactNode;
  /** Opens what the row stands for; the name becomes the button. */
  onOpen?: () => void;
  /** Buttons at the end of the row. */
  children?: ReactNode;
}

/** One member or community in a list: picture, name and detail, then the row's own buttons. */
export function ListRow({ picture, name, detail, onOpen, children }: ListRowProps) {
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

export interface RowListProps {
  label: string;
  empty: string;
  /** Extra class of the list, e.g. one setting --row-main-basis. */
  className?: string;
  children: ReactNode[];
}

/** A list of rows, or its empty text when there are none. */
export function RowList({ label, empty, className, children }: RowListProps) {
  if (children.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={className ? `${styles.rows} ${className}` : styles.rows} aria-label={label}>
      {children}
    </ul>
  );
}
