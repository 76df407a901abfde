import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code (the charts' recharts with it) loads when it is first opened, not with the first screen.
const HistoryView = lazyScreen(() => import('./HistoryView').then((m) => m.HistoryView));
const LeaderboardView = lazyScreen(() => import('./LeaderboardView').then((m) => m.LeaderboardView));
const LogActivityDialog = lazyScreen(() => import('./LogActivityDialog').then((m) => m.LogActivityDialog));

/** The history screen: the member's own, or a friend's from their page (docs/product/activities-and-leaderboards.md#history). */
const historyView = (friendId?: number) => ({
  title: T.history,
  route: friendId === undefined ? { kind: 'history', ids: [] } : { kind: 'history-of', ids: [friendId] },
  render: () => <HistoryView friendId={friendId} />,
});
export const openHistory = (friendId?: number) => openDialog(historyView(friendId));

const leaderboardView = () => ({
  title: T.leaderboardTitle,
  route: { kind: 'leaderboard', ids: [] },
  render: () => <LeaderboardView />,
});
export const openLeaderboard = () => openDialog(leaderboardView());

/** Logging a session; /log-activity is where the activity reminder's push opens (decision 0054). */
const logActivityView = () => ({
  title: T.logActivityTitle,
  route: { kind: 'log-activity', ids: [] },
  render: () => <LogActivityDialog />,
});
export const openLogActivity = () => openDialog(logActivityView());

/** The activity views a link, a reload or a reminder can open (docs/decisions/0042). */
export const ACTIVITY_ADDRESSES: readonly Address[] = [
  { kind: 'log-activity', ids: 0, view: logActivityView },
  { kind: 'history', ids: 0, view: () => historyView() },
  { kind: 'history-of', ids: 1, view: ([friendId]) => historyView(friendId) },
  { kind: 'leaderboard', ids: 0, view: leaderboardView },
];
