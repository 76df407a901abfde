import type { PostActivityView } from '@orbit/contract';

/** One figure of an activity post: what it measures and its number. */
export type ActivityFigure =
  | { kind: 'duration'; value: number }
  | { kind: 'calories' | 'steps' | 'strokes'; value: number }
  | { kind: 'distance'; value: number; unit: PostActivityView['distance_unit'] };

/**
 * The figures an activity post shows, in order (docs/product/feeds-and-comments.md#activity-posts): duration, calories, steps or strokes (session type
 * 69), distance. A figure the activity did not measure, or measured as zero (no steps on a meditation), is
 * left out rather than shown as 0.
 */
export function activityFigures(activity: PostActivityView): ActivityFigure[] {
  const strokes = activity.strokes !== null;
  const figures: (ActivityFigure | null)[] = [
    { kind: 'duration', value: activity.duration },
    activity.calories === null ? null : { kind: 'calories', value: activity.calories },
    strokes
      ? { kind: 'strokes', value: activity.strokes ?? 0 }
      : activity.steps === null
        ? null
        : { kind: 'steps', value: activity.steps },
    activity.distance === null
      ? null
      : { kind: 'distance', value: activity.distance, unit: activity.distance_unit },
  ];
  return figures.filter((figure): figure is ActivityFigure => figure !== null && figure.value > 0);
}
