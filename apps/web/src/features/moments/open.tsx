import type { Moment, MomentLeaderboardResponse, ReplayedSessionResponse } from '@orbit/contract';
import { T } from '../../i18n/texts';
import { hideDialogs, openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const MomentCreate = lazyScreen(() => import('./MomentCreate').then((m) => m.MomentCreate));
const MomentLeaderboard = lazyScreen(() => import('./MomentResults').then((m) => m.MomentLeaderboard));
const ReplayedSession = lazyScreen(() => import('./MomentResults').then((m) => m.ReplayedSession));
const MomentsView = lazyScreen(() => import('./MomentsView').then((m) => m.MomentsView));

/** The MOMENTS star (11) opens the moments list (docs/product/moments.md#moments-list). */
const momentsView = () => ({
  title: T.momentsTitle,
  route: { kind: 'moments', ids: [] },
  render: () => <MomentsView />,
});
export const openMoments = () => openDialog(momentsView());

/** A new moment, or a kept treasure to send (its original). */
export const openMomentCreate = (original?: Moment) =>
  openDialog({ title: T.momentNew, render: () => <MomentCreate original={original} /> });

export const openMomentLeaderboard = (board: MomentLeaderboardResponse) =>
  openDialog({ title: T.leaderboardTitle, render: () => <MomentLeaderboard board={board} /> });

/** The event a game or activity player listens for to replay a moment's session (docs/product/moments.md#moment-type). */
export const MOMENT_REPLAY_EVENT = 'orbit:moment-replay';

/**
 * Play and replay load the recorded session, close the module and fire a replay event (docs/product/moments.md#moment-status). Orbit has
 * no game player yet, so the session's figures are shown once the module is closed.
 */
export async function replayMoment(momentId: number, answer: ReplayedSessionResponse): Promise<void> {
  await hideDialogs();
  window.dispatchEvent(new CustomEvent(MOMENT_REPLAY_EVENT, { detail: { momentId, ...answer } }));
  openDialog({ title: T.momentSession, render: () => <ReplayedSession session={answer.replayed_session} /> });
}

/** The moments list a link or a reload can reopen (docs/decisions/0042). */
export const MOMENT_ADDRESSES: readonly Address[] = [{ kind: 'moments', ids: 0, view: momentsView }];
