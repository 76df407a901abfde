import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';

// Each screen's code (the charts' recharts with it) loads when it is first opened, not with the first screen.
const HistoryView = lazyScreen(() => import('./HistoryView').then((m) => m.HistoryView));
const LeaderboardView = lazyScreen(() => import('./LeaderboardView').then((m) => m.LeaderboardView));
const LogActivityDialog = lazyScreen(() => import('./LogActivityDialog').then((m) => m.LogActivityDialog));

/** The history screen: the member's own, or a friend's from their page (001 §2). */
export const openHistory = (friendId?: number) =>
  openDialog({ title: T.history, render: () => <HistoryView friendId={friendId} /> });

export const openLeaderboard = () =>
  openDialog({ title: T.leaderboardTitle, render: () => <LeaderboardView /> });

export const openLogActivity = () =>
  openDialog({ title: T.logActivityTitle, render: () => <LogActivityDialog /> });
