import { BackgroundType, type TournamentRound } from '@orbit/contract';
import type { Star } from '../../api/types';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const TournamentIntro = lazyScreen(() => import('./TournamentIntro').then((m) => m.TournamentIntro));
const TournamentProfile = lazyScreen(() => import('./TournamentProfile').then((m) => m.TournamentProfile));
const TournamentProgress = lazyScreen(() => import('./TournamentProgress').then((m) => m.TournamentProgress));

/** The intro page: the season, its rounds and how battles are won (docs/product/tournament.md#rounds). */
const tournamentView = () => ({
  title: T.tournamentTitle,
  route: { kind: 'tournament', ids: [] },
  render: () => <TournamentIntro />,
});
export const openTournament = () => openDialog(tournamentView());

/** The BG star (12) opens the tournament when its background type is 2, tournament (docs/product/tournament.md#tournament-star). */
export function openBackgroundStar(star: Pick<Star, 'type'>): void {
  if (star.type === BackgroundType.TOURNAMENT) openTournament();
}

/** The progress page on one round of a season (null: the server's choice, the round under way). */
export const openTournamentProgress = (code: string | null, round: TournamentRound | null) =>
  openDialog({ title: T.tournamentProgress, render: () => <TournamentProgress code={code} round={round} /> });

/** A member's tournament profile, read from the progress it was opened from, so a high five shows everywhere. */
export const openTournamentProfile = (code: string, round: TournamentRound, userId: number) =>
  openDialog({
    title: T.tournamentProfile,
    render: () => <TournamentProfile code={code} round={round} userId={userId} />,
  });

/** The tournament's intro a link or a reload can reopen (docs/decisions/0042). */
export const TOURNAMENT_ADDRESSES: readonly Address[] = [
  { kind: 'tournament', ids: 0, view: tournamentView },
];
