import { describe, expect, it } from 'vitest';
import { parseRoutePath, type RouteArities } from '../ui/navigation/routes';
import { ADDRESSES } from './addresses';

const arities: RouteArities = Object.fromEntries(ADDRESSES.map((address) => [address.kind, address.ids]));
const kindsOf = (path: string) => parseRoutePath(path, arities);

describe('the addressed views', () => {
  it('each open with the route their address reads', () => {
    for (const address of ADDRESSES) {
      const ids = Array.from({ length: address.ids }, (_, index) => index + 5);
      expect(address.view(ids).route).toEqual({ kind: address.kind, ids });
    }
  });

  it('have kinds of their own, apart from the app pages', () => {
    const kinds = ADDRESSES.map((address) => address.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).not.toContain('signin');
    expect(kinds).not.toContain('register');
  });

  it('include the mood picker and logging an activity, where the reminders open (decision 0054)', () => {
    expect(kindsOf('/mood')).toEqual([{ kind: 'mood', ids: [] }]);
    expect(kindsOf('/log-activity')).toEqual([{ kind: 'log-activity', ids: [] }]);
  });

  it('include moments, surveys, a survey, incentives and the tournament', () => {
    expect(kindsOf('/moments')).toEqual([{ kind: 'moments', ids: [] }]);
    expect(kindsOf('/incentives')).toEqual([{ kind: 'incentives', ids: [] }]);
    expect(kindsOf('/tournament')).toEqual([{ kind: 'tournament', ids: [] }]);
    expect(kindsOf('/surveys/survey/9')).toEqual([
      { kind: 'surveys', ids: [] },
      { kind: 'survey', ids: [9] },
    ]);
    // A survey's address needs its id: without one, the list is as much as the link names.
    expect(kindsOf('/surveys/survey')).toEqual([{ kind: 'surveys', ids: [] }]);
  });
});

describe('the places added last (issue 25: a view without an address is a defect)', () => {
  it('include the history, a friend’s history and the leaderboard', () => {
    expect(kindsOf('/history')).toEqual([{ kind: 'history', ids: [] }]);
    expect(kindsOf('/member/7/history-of/7')).toEqual([
      { kind: 'member', ids: [7] },
      { kind: 'history-of', ids: [7] },
    ]);
    expect(kindsOf('/leaderboard')).toEqual([{ kind: 'leaderboard', ids: [] }]);
  });

  it('include a community’s sessions and a lesson room, named by its community and its own id', () => {
    expect(kindsOf('/community/3/sessions/3/lesson/3/12')).toEqual([
      { kind: 'community', ids: [3] },
      { kind: 'sessions', ids: [3] },
      { kind: 'lesson', ids: [3, 12] },
    ]);
  });

  it('include the settings and its lists, and the admin screens', () => {
    expect(kindsOf('/settings/devices')).toEqual([
      { kind: 'settings', ids: [] },
      { kind: 'devices', ids: [] },
    ]);
    expect(kindsOf('/settings/push-notifications')).toEqual([
      { kind: 'settings', ids: [] },
      { kind: 'push-notifications', ids: [] },
    ]);
    expect(kindsOf('/settings/blocked')).toEqual([
      { kind: 'settings', ids: [] },
      { kind: 'blocked', ids: [] },
    ]);
    expect(kindsOf('/admin')).toEqual([{ kind: 'admin', ids: [] }]);
  });
});
