import { describe, expect, it } from 'vitest';
import {
  blankRule,
  canAddOption,
  fromLocalInput,
  planDraft,
  planInput,
  planReady,
  surveyDraft,
  surveyInput,
  surveyReady,
  toLocalInput,
} from './forms';

describe('admin forms', () => {
  it('round-trips a time through the datetime-local input', () => {
    const iso = '2026-11-18T15:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBe('');
  });

  it('sends a survey only with its texts filled, 5 options at most, and a window that ends after it starts', () => {
    const draft = surveyDraft(null, new Date('2026-11-18T10:00:00Z'));
    expect(surveyReady(draft)).toBe(false);
    const filled = {
      ...draft,
      name: ' Check-in ',
      completionMessage: 'Thanks',
      questions: [{ text: 'Sleep?', options: ['Bad', 'Good'] }],
    };
    expect(surveyReady(filled)).toBe(true);
    expect(surveyInput(filled).name).toBe('Check-in');
    expect(surveyReady({ ...filled, end: filled.start })).toBe(false);
    expect(canAddOption({ options: ['a', 'b', 'c', 'd'] })).toBe(true);
    expect(canAddOption({ options: ['a', 'b', 'c', 'd', 'e'] })).toBe(false);
  });

  it('sends a plan only with whole numbers and each activity once', () => {
    const draft = { ...planDraft(null, '2026-11-01'), name: 'Move' };
    expect(planReady(draft)).toBe(true);
    expect(planInput(draft)).toMatchObject({
      week_goal: 20,
      community_id: null,
      activities: [{ activity_type: 1 }],
    });
    expect(planReady({ ...draft, weekGoal: '1.5' })).toBe(false);
    expect(planReady({ ...draft, rules: [blankRule(), blankRule()] })).toBe(false);
  });
});
