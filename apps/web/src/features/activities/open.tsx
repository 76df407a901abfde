import { lazy, Suspense } from 'react';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { LogSessionDialog } from './LogSessionDialog';

// The charts (recharts) load with the screens that draw them, not with the app's first paint.
const HistoryView = lazy(() => import('./HistoryView').then((m) => ({ default: m.HistoryView })));
const LeaderboardView = lazy(() => import('./LeaderboardView').then((m) => ({ default: m.LeaderboardView })));

/** The history screen: the member's own, or a friend's from their page (001 §2). */
export const openHistory = (friendId?: number) =>
  openDialog({
    title: T.history,
    render: () => (
      <Suspense fallback={null}>
        <HistoryView friendId={friendId} />
      </Suspense>
    ),
  });

export const openLeaderboard = () =>
  openDialog({
    title: T.leaderboardTitle,
    render: () => (
      <Suspense fallback={null}>
        <LeaderboardView />
      </Suspense>
    ),
  });

export const openLogSession = () =>
  openDialog({ title: T.logSessionTitle, render: () => <LogSessionDialog /> });
