import {
  RoundState,
  roundDefinition,
  type TournamentProgressResponse,
  type TournamentRound,
  type TournamentUser,
} from '@orbit/contract';

/** docs/product/tournament.md#rounds: past rounds are clickable; so is the one under way. Upcoming ones are not. */
export const isClickable = (state: string) => state !== RoundState.UPCOMING;

export const roundLabel = (round: number) => roundDefinition(round)?.label ?? String(round);
export const roundDates = (round: number) => roundDefinition(round)?.dates ?? '';

/** Whole minutes of a score in ms. */
export const minutesOf = (ms: number) => Math.round(ms / 60_000);

/** A member shown in the progress, wherever in the round's pairs they are. */
export function findUser(
  data: TournamentProgressResponse | undefined,
  userId: number,
): TournamentUser | null {
  for (const pair of data?.communities ?? []) {
    for (const side of pair.participants) {
      const user = side.users.find((u) => u.id === userId);
      if (user) return user;
    }
  }
  return null;
}

/** The community a member is shown under. */
export function sideOf(data: TournamentProgressResponse | undefined, userId: number) {
  return (
    data?.communities.flatMap((p) => p.participants).find((s) => s.users.some((u) => u.id === userId)) ?? null
  );
}

/** Whether every pair of the round is still to be played: nothing to show but the draw. */
export const notStarted = (data: TournamentProgressResponse, round: TournamentRound) =>
  data.rounds.find((r) => r.round === round)?.state === RoundState.UPCOMING;
