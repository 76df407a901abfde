import { useState } from 'react';
import styles from './Avatar.module.css';

export interface AvatarProps {
  src: string | null | undefined;
  /** The person's name: the alt text, and the initials when there is no picture. */
  name: string;
  size?: number;
  /** Decorative when the name is already written next to it. */
  decorative?: boolean;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export function Avatar({ src, name, size = 56, decorative = false }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: size * 0.38 }}
      aria-hidden={decorative || undefined}
    >
      {showImage ? (
        <img src={src} alt={decorative ? '' : name} onError={() => setFailed(src)} />
      ) : (
        <span role="img" aria-label={name}>
          <span aria-hidden="true">{initialsOf(name) || '★'}</span>
        </span>
      )}
    </span>
  );
}
