import type { FeedPost } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { leadingLink } from './LinkPreviewCard';
import { pollReady } from './PollCreator';
import { latestAuthors, recipientMatches } from './recipients';

const by = (author: number | null, own = false) =>
  ({ author_user_id: author, author_screen_name: `m${author}`, is_own: own }) as FeedPost;

describe('private recipients', () => {
  it('offers up to 4 latest distinct other authors', () => {
    const posts = [by(1), by(9, true), by(2), by(1), by(null), by(3), by(4), by(5)];
    expect(latestAuthors(posts).map((person) => person.id)).toEqual([1, 2, 3, 4]);
  });
  it('names the latest authors as their posts do', () => {
    expect(latestAuthors([by(1)])).toEqual([{ id: 1, name: 'm1' }]);
  });
  it('searches names and handles in any case, never offering oneself', () => {
    const everyone = [
      { id: 1, name: 'Ann Lee', screen_name: 'ann' },
      { id: 2, name: 'Joanna Fry', screen_name: 'joanna' },
      { id: 3, name: 'Bob Stone', screen_name: 'bstone' },
      { id: 4, name: 'Carla Diaz', screen_name: 'cd.runs' },
    ];
    expect(recipientMatches(' AN', [], everyone, 2).map((person) => person.id)).toEqual([1]);
    expect(recipientMatches('stone', [], everyone, 2).map((person) => person.id)).toEqual([3]);
    expect(recipientMatches('RUNS', [], everyone, 2).map((person) => person.id)).toEqual([4]);
    expect(recipientMatches('', [{ id: 3, name: 'Bob Stone' }], everyone, 2)).toHaveLength(1);
  });
});

describe('poll creation and link previews', () => {
  it('sends nothing while the question or any option is empty', () => {
    expect(pollReady('Q', ['a', 'b'])).toBe(true);
    expect(pollReady(' ', ['a', 'b'])).toBe(false);
    expect(pollReady('Q', ['a', ' '])).toBe(false);
    expect(pollReady('Q', ['a'])).toBe(false);
  });
  it('asks a preview only when the first piece is a link', () => {
    expect(leadingLink('https://example.org/a look')).toBe('https://example.org/a');
    expect(leadingLink('look https://example.org')).toBeNull();
  });
});
