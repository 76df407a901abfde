import { describe, expect, it } from 'vitest';
import { canSubmit, remainingTime } from './rules';

const now = Date.parse('2026-11-18T12:00:00Z');
const questions = [
  { text: 'Sleep', options: ['Bad', 'Fine', 'Great'] },
  { text: 'Mood', options: ['1', '2', '3', '4', '5'] },
];

describe('survey rules', () => {
  it('shows the remaining time in days and hours, hours and minutes, or minutes', () => {
    expect(remainingTime('2026-11-21T16:30:00Z', now)).toBe('3d 4h');
    expect(remainingTime('2026-11-18T17:10:00Z', now)).toBe('5h 10m');
    expect(remainingTime('2026-11-18T12:12:00Z', now)).toBe('12m');
    expect(remainingTime('2026-11-18T11:00:00Z', now)).toBeNull();
  });

  it('submits only with one offered option per question', () => {
    expect(canSubmit(questions, [3, 5])).toBe(true);
    expect(canSubmit(questions, [3, null])).toBe(false);
    expect(canSubmit(questions, [4, 1])).toBe(false);
    expect(canSubmit(questions, [0, 1])).toBe(false);
    expect(canSubmit([], [])).toBe(false);
  });
});
