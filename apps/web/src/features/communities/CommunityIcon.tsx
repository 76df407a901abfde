import { DEFAULT_COMMUNITY_COLOR } from '@orbit/contract';
import { useState } from 'react';
import styles from './Communities.module.css';

export interface CommunityFace {
  name: string;
  image_url: string | null;
  color: string | null;
  initials: string | null;
}

/** A community's round icon: its picture, else its initial (upper-cased) on its palette colour. */
export function CommunityIcon({ face, size = 44 }: { face: CommunityFace; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = face.image_url && failed !== face.image_url ? face.image_url : null;
  const initial = (face.initials || face.name.trim().charAt(0)).toUpperCase();
  return (
    <span
      className={styles.icon}
      style={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        background: face.color ?? DEFAULT_COMMUNITY_COLOR,
      }}
      aria-hidden="true"
    >
      {picture ? <img src={picture} alt="" onError={() => setFailed(picture)} /> : initial}
    </span>
  );
}
