import { activityColorOf, activityIconName, monogramOf } from '@orbit/contract';
import { useTranslation } from '../../i18n';
import { inkOn } from '../../ui/contrast';
import styles from './Activities.module.css';

/**
 * The icon of an activity id (docs/product/activities-and-leaderboards.md#activity-icons): ids 1..122 (no 71) have their own (a monogram in their family's
 * colour, drawn with text so it renders on every device without an emoji font), an unknown id the generic
 * icon, and a negative id the other set (outlined), all labelled with the activity's name.
 */
export function ActivityIcon({ type, size = 'medium' }: { type: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const name = activityIconName(type);
  const color = activityColorOf(name);
  return (
    <span
      role="img"
      aria-label={t(`activity_icon.${name}`)}
      className={styles.icon}
      data-set={type < 0 ? 'other' : 'main'}
      data-size={size}
      style={
        type < 0
          ? { color, boxShadow: `inset 0 0 0 2px ${color}` }
          : { background: color, color: inkOn(color) }
      }
    >
      <span aria-hidden="true">{monogramOf(name)}</span>
    </span>
  );
}
