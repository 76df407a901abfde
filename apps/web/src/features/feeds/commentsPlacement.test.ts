import { describe, expect, it } from 'vitest';
import { type CommentsPlacement, commentsShown, toggledComments } from './commentsPlacement';

const placement = (open: number[], beside: boolean): CommentsPlacement => ({
  open,
  beside,
  panelId: 'panel',
  toggle: () => undefined,
});

describe('where a post’s comments show (docs/product/feeds-and-comments.md#comments)', () => {
  it('under the posts, each post opens and closes on its own', () => {
    const open = toggledComments(toggledComments([], 1, false), 2, false);
    expect(open).toEqual([1, 2]);
    expect(commentsShown(placement(open, false), 1)).toBe(true);
    expect(toggledComments(open, 1, false)).toEqual([2]);
  });

  it('beside the feed, the panel shows the post opened last, and its badge closes it', () => {
    const open = [1, 2];
    expect(commentsShown(placement(open, true), 1)).toBe(false);
    expect(commentsShown(placement(open, true), 2)).toBe(true);
    expect(toggledComments(open, 1, true)).toEqual([2, 1]);
    expect(toggledComments(open, 2, true)).toEqual([1]);
  });
});
