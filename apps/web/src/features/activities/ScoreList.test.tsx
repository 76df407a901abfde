// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { T } from '../../i18n/texts';
import { ScoreList } from './ScoreList';

afterEach(cleanup);

describe('a leaderboard list', () => {
  it("shows a member's picture, or their initials without one, and the member's own line as You", () => {
    render(
      <ScoreList
        label="Leaderboard"
        rows={[
          { key: 1, rank: 1, name: 'Ethan Park', imageUrl: null, value: '03:58:00', isMe: false },
          {
            key: 2,
            rank: 2,
            name: 'Chloe Dubois',
            imageUrl: '/api/images/9',
            value: '03:34:00',
            isMe: false,
          },
          { key: 3, rank: null, name: 'Dana Rivera', imageUrl: null, value: '00:00:00', isMe: true },
        ]}
      />,
    );
    const [ethan, chloe, dana] = screen.getAllByRole('listitem');
    expect(ethan?.textContent).toContain('EP');
    expect(ethan?.textContent).toContain('Ethan Park');
    expect(chloe?.querySelector('img')?.getAttribute('src')).toBe('/api/images/9');
    expect(dana?.textContent).toContain('DR');
    // The dictionary is not loaded here: a text shows as its key.
    expect(dana?.textContent).toContain(T.you);
  });
});
