import type {
  TournamentPair,
  TournamentProgressResponse,
  TournamentRound,
  TournamentUser,
} from '@orbit/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';

export const tournamentKeys = {
  root: ['tournament'] as const,
  /** A null code or round is the server's choice: the current season, the round under way. */
  progress: (code: string | null, round: TournamentRound | null) =>
    ['tournament', 'progress', code, round] as const,
};

/** One round of a season, its community pairs; a past round is asked for by its code and round (docs/product/tournament.md#pages, #bracket). */
export function useTournamentProgress(code: string | null, round: TournamentRound | null) {
  return useQuery({
    queryKey: tournamentKeys.progress(code, round),
    queryFn: () =>
      trackBusy(
        call('tournamentProgress', { query: { code: code ?? undefined, round: round ?? undefined } }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The picture of a tournament member: their uploaded persona by image_id (docs/product/tournament.md#bracket), else none. */
export const tournamentUserImageUrl = (user: Pick<TournamentUser, 'image_id'>) =>
  user.image_id === null ? null : `/api/tournament/user/image?image_id=${user.image_id}`;

type UserPatch = (user: TournamentUser) => TournamentUser;

const patchPairs = (pairs: TournamentPair[], userId: number, patch: UserPatch) =>
  pairs.map((pair) => ({
    ...pair,
    participants: pair.participants.map((side) => ({
      ...side,
      users: side.users.map((user) => (user.id === userId ? patch(user) : user)),
    })),
  }));

/** Applies a change to a member everywhere the season's progress shows them; answers the undo. */
function patchMember(client: QueryClient, code: string, userId: number, patch: UserPatch) {
  const before = client.getQueriesData<TournamentProgressResponse>({ queryKey: tournamentKeys.root });
  client.setQueriesData<TournamentProgressResponse>({ queryKey: tournamentKeys.root }, (data) =>
    data && data.code === code ? { ...data, communities: patchPairs(data.communities, userId, patch) } : data,
  );
  return () => {
    for (const [key, data] of before) client.setQueryData(key, data);
  };
}

const inFlight = new Set<string>();

/**
 * PUT /tournament/user/h5, optimistic: the count rises at once; a repeat while one is on its
 * way is dropped; an error puts the count back and rejects so the caller shows the spec's message.
 */
export async function highFive(client: QueryClient, code: string, user: TournamentUser): Promise<void> {
  const key = `${code}:${user.id}`;
  if (user.high_fived || inFlight.has(key)) return;
  inFlight.add(key);
  const undo = patchMember(client, code, user.id, (u) => ({
    ...u,
    // In wellbeing mode there is no count to raise (decision 0044).
    ...(u.h5 === undefined ? {} : { h5: u.h5 + 1 }),
    high_fived: true,
  }));
  try {
    const { h5 } = await call('tournamentHighFive', { body: { code, user_id: user.id } });
    patchMember(client, code, user.id, (u) => ({
      ...u,
      ...(h5 === undefined ? {} : { h5 }),
      high_fived: true,
    }));
  } catch (error) {
    undo();
    throw error;
  } finally {
    inFlight.delete(key);
  }
}
