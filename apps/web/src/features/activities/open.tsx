import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code (the charts' recharts with it) loads when it is first opened, not with the first screen.
const HistoryView = lazyScreen(() => import('./HistoryView').then((m) => m.HistoryView));
const LeaderboardView = lazyScreen(() => import('./LeaderboardView').then((m) => m.LeaderboardView));
const LogActivityDialog = lazyScreen(() => import('./LogActivityDialog').then((m) => m.LogActivityDialog));

/** The history screen: the member's own, or a friend's from their page (001 §2). */
export const openHistory = (friendId?: number) =>
  openDialog({ title: T.history, render: () => <HistoryView friendId={friendId} /> });

export const openLeaderboard = () =>
  openDialog({ title: T.leaderboardTitle, render: () => <LeaderboardView /> });

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
];
