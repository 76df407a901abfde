import { useGoalProgress, useWeeklyGoal } from '../../api/reminders';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './HomeView.module.css';

/** The ring's circle in a 100-unit box, a little outside the star's disc. */
const RADIUS = 46;
const LENGTH = 2 * Math.PI * RADIUS;

/**
 * The weekly goal's ring around the member's own star (decision 0054): how much of the week's active minutes
 * are done, drawn only for its member and never in wellbeing mode. A week short of the goal is simply a ring
 * not full: no red, no words about what was missed.
 */
export function useGoalRing(hidden: boolean): GoalRingState | null {
  const { t } = useTranslation();
  const goal = useWeeklyGoal();
  const target = goal.data?.weekly_active_minutes ?? null;
  const progress = useGoalProgress(!hidden && target !== null);
  if (hidden || target === null || !progress.data || progress.data.goal === null) return null;
  const { active_minutes: done, goal: wanted } = progress.data;
  return {
    share: Math.min(1, done / wanted),
    words:
      done >= wanted ? t(T.goalRingReached, positional(done)) : t(T.goalRingLabel, positional(done, wanted)),
  };
}

export interface GoalRingState {
  /** Of the goal, 0 to 1. */
  share: number;
  /** What the ring shows, for a screen reader. */
  words: string;
}

export function GoalRing({
  ring: { share, words },
  describedBy,
}: {
  ring: GoalRingState;
  describedBy: string;
}) {
  return (
    <>
      <svg
        className={styles.goalRing}
        viewBox="0 0 100 100"
        aria-hidden="true"
        data-testid="goal-ring"
        data-share={share.toFixed(2)}
      >
        <circle className={styles.goalTrack} cx="50" cy="50" r={RADIUS} />
        <circle
          className={styles.goalDone}
          cx="50"
          cy="50"
          r={RADIUS}
          strokeDasharray={`${share * LENGTH} ${LENGTH}`}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <span id={describedBy} className="visually-hidden">
        {words}
      </span>
    </>
  );
}
