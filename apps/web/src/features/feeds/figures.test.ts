import type { PostActivityView } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { activityFigures } from './figures';

const activity = (change: Partial<PostActivityView>): PostActivityView => ({
  activity_name: 'Walking',
  activity_type: 1,
  activity_session_type: null,
  activity_time: '2026-11-01T08:00:00.000Z',
  duration: 1_800_000,
  calories: 120,
  steps: 3000,
  strokes: null,
  distance: 2.5,
  distance_unit: 'km',
  app: null,
  ...change,
});

const kinds = (a: PostActivityView) => activityFigures(a).map((figure) => figure.kind);

describe('an activity post’s figures', () => {
  it('shows what was measured, in order', () => {
    expect(kinds(activity({}))).toEqual(['duration', 'calories', 'steps', 'distance']);
  });

  it('leaves out zero figures: a meditation shows no steps 0, calories 0 or distance 0', () => {
    expect(kinds(activity({ activity_name: 'Meditation', calories: 0, steps: 0, distance: 0 }))).toEqual([
      'duration',
    ]);
  });

  it('leaves out figures not measured, and counts strokes instead of steps for swims', () => {
    expect(kinds(activity({ calories: null, distance: null }))).toEqual(['duration', 'steps']);
    expect(kinds(activity({ steps: null, strokes: 40 }))).toEqual([
      'duration',
      'calories',
      'strokes',
      'distance',
    ]);
    expect(kinds(activity({ steps: null, strokes: 0 }))).toEqual(['duration', 'calories', 'distance']);
  });
});
