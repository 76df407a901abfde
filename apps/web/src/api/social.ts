import type { PublicProfile, TagContext } from '@orbit/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { queryKeys } from './keys';
import type { Profiles } from './types';

/** Query keys of the social graph: one root, so one invalidation reaches every list and profile. */
export const socialKeys = {
  root: ['social'] as const,
  friends: ['social', 'friends'] as const,
  requests: ['social', 'requests'] as const,
  users: ['social', 'users'] as const,
  connections: ['social', 'connections'] as const,
  profile: (userId: number) => ['social', 'profile', userId] as const,
  searchUsers: (text: string) => ['social', 'search', 'users', text] as const,
  blocks: ['social', 'blocks'] as const,
  tags: (context: TagContext) => ['tags', context] as const,
};

/** What the search screen looks for: members, or communities (those live in the communities feature). */
export type SearchKind = 'users' | 'communities';

export function useFriends() {
  return useQuery({
    queryKey: socialKeys.friends,
    queryFn: () => call('friends'),
  });
}

export function useFriendRequests() {
  return useQuery({
    queryKey: socialKeys.requests,
    queryFn: () => trackBusy(call('friendRequests')),
    staleTime: 0,
  });
}

/** The member's friends and communities, by id and display name. */
export function useConnections() {
  return useQuery({
    queryKey: socialKeys.connections,
    queryFn: () => call('connections'),
  });
}

/** GET /users, a page at a time: each answer's older_key asks for the next page (null at the end). */
export function useUsers() {
  return useInfiniteQuery({
    queryKey: socialKeys.users,
    queryFn: ({ pageParam }) => call('members', { query: { page_key: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older_key,
  });
}

/** Another member's profile as they let the caller see it (a private one shows its avatar identity). */
export function useUserProfile(userId: number) {
  return useQuery({
    queryKey: socialKeys.profile(userId),
    queryFn: () => call('profile', { query: { user_id: userId } }),
  });
}

/** GET /search/users with the text the member submitted with Enter (the friendSearch state). */
export function useSearchUsers(text: string) {
  return useQuery({
    queryKey: socialKeys.searchUsers(text),
    queryFn: () => trackBusy(call('searchUsers', { query: { q: text } })),
    enabled: text.length > 0,
    retry: false,
    staleTime: 0,
  });
}

/** GET /search/private_user: the member with exactly this persona name, or null. */
export async function findPersona(name: string): Promise<PublicProfile | null> {
  const answer = await trackBusy(call('privateUser', { query: { q: name } }));
  return answer.results[0] ?? null;
}

export function usePriorTags(context: TagContext) {
  return useQuery({
    queryKey: socialKeys.tags(context),
    queryFn: () => call('priorTags', { query: { context } }),
  });
}

/** After any change to the graph: the lists, the profiles of others and the home star set are stale. */
function refreshGraph(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: socialKeys.root }),
    queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
  ]);
}

function useGraphMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => trackBusy(call(variables)),
    onSettled: () => refreshGraph(queryClient),
  });
}

/** PUT /user/friends/request: sends a request (with an optional message), or accepts theirs. */
export const useSendFriendRequest = () =>
  useGraphMutation(({ userId, message }: { userId: number; message?: string }) =>
    call('friendRequest', { body: { user_id: userId, ...(message ? { message } : {}) } }),
  );

/** DELETE /user/friends/request: declines theirs or cancels one's own. */
export const useWithdrawFriendRequest = () =>
  useGraphMutation((userId: number) => call('withdrawFriendRequest', { query: { user_id: userId } }));

export const useUnfriend = () =>
  useGraphMutation((userId: number) => call('unfriend', { query: { user_id: userId } }));

/** GET /user/blocks: the members the caller blocked, most recent first (the settings list). */
export function useBlocks() {
  return useQuery({ queryKey: socialKeys.blocks, queryFn: () => trackBusy(call('blocks')) });
}

/**
 * PUT or DELETE /user/blocks/{user_id}. A block reaches every screen (feeds, threads, moments, notifications,
 * the home's stars), so every query is read again: what the member no longer sees goes at once.
 */
function useBlockMutation(blocked: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      trackBusy(call(blocked ? 'block' : 'unblock', { params: { user_id: userId } })),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export const useBlock = () => useBlockMutation(true);
export const useUnblock = () => useBlockMutation(false);

/**
 * POST /stars/{id}/pin or unpin. A star's id is text on the wire: the pinnable ones (a member's, a
 * community's) are numbers, and the server refuses the others as it always did.
 */
export const pinStar = (starId: string, pinned: boolean) =>
  call(pinned ? 'pinStar' : 'unpinStar', { params: { id: starId as unknown as number } });

/** Pin toggles at once on screen and rolls back if the server refuses (pin failures are silent, docs/product/the area's own anchor (communities.md#members). */
export function useSetPinned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ starId, pinned }: { starId: string; pinned: boolean }) => pinStar(starId, pinned),
    onMutate: async ({ starId, pinned }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.profiles });
      const previous = queryClient.getQueryData<Profiles | null>(queryKeys.profiles);
      queryClient.setQueryData<Profiles | null>(queryKeys.profiles, (old) =>
        old
          ? { ...old, stars: old.stars.map((star) => (star.star_id === starId ? { ...star, pinned } : star)) }
          : old,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(queryKeys.profiles, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
  });
}
