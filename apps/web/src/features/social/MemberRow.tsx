import type { ReactNode } from 'react';
import { memberPicture } from '../../api/account';
import { Avatar } from '../../ui/Avatar';
import styles from './Social.module.css';

export interface MemberFace {
  screen_name: string;
  image_url: string | null;
  avatar_image: string | null;
}

export interface MemberRowProps {
  face: MemberFace;
  /** A second line: a message, a status, a date. */
  detail?: ReactNode;
  /** Opens what the row stands for; the name becomes the button. */
  onOpen?: () => void;
  /** Buttons at the end of the row. */
  children?: ReactNode;
}

/** One member in a list: picture, name and detail, then the row's own buttons. */
export function MemberRow({ face, detail, onOpen, children }: MemberRowProps) {
  const picture = memberPicture({ image_url: face.image_url, avatar_image: face.avatar_image ?? '' });
  const body = (
    <>
      <Avatar src={picture} name={face.screen_name} size={44} decorative />
      <span className={styles.rowText}>
        <span className={styles.rowName}>{face.screen_name}</span>
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
export function RowList({ label, empty, children }: { label: string; empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.rows} aria-label={label}>
      {children}
    </ul>
  );
}
