import styles from './Badge.module.css';
import { badgeText } from './format';

/** A count on an icon; hidden at zero (docs/product/home-and-stars.md#home-view). */
export function Badge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {badgeText(count)}
    </span>
  );
}
