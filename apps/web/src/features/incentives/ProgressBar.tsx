import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './Incentives.module.css';
import { percentOf } from './rules';

interface ProgressBarProps {
  label: string;
  total: number;
  goal: number;
  /** What the figures count (tickets, coins, GoCoins), said after them. */
  unit?: string;
}

/** A labelled bar that screen readers announce as "label, total of goal". */
export function ProgressBar({ label, total, goal, unit }: ProgressBarProps) {
  const { t } = useTranslation();
  const figures = t(T.incentiveProgress, positional(total, goal));
  return (
    <div className={styles.progress}>
      <div className={styles.progressHead}>
        <span className={styles.progressLabel}>{label}</span>
        <span className={styles.progressFigures}>
          {figures}
          {unit ? ` ${unit}` : ''}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(goal, total)}
        aria-valuenow={total}
        aria-valuetext={`${figures}${unit ? ` ${unit}` : ''}`}
      >
        <span className={styles.fill} style={{ width: `${percentOf(total, goal)}%` }} />
      </div>
    </div>
  );
}
