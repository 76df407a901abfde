import type {
  ConnectionsResponse,
  FriendRequestsResponse,
  FriendsResponse,
  MembersResponse,
  PinResponse,
  PrivateUserResponse,
  PublicProfile,
  SearchUsersResponse,
  TagContext,
  TagsResponse,
  UserProfile,
} from '@orbit/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { get, isApiError, post, put, request } from './client';
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
  search: (kind: SearchKind, text: string) => ['social', 'search', kind, text] as const,
  tags: (context: TagContext) => ['tags', context] as const,
};

export type SearchKind = 'users' | 'communities';

/** A community as GET /search/communities lists it (000 §3.12); issue 4 brings the route. */
export interface CommunityResult {
  id: number;
  community_id?: number;
  name: string;
  description?: string | null;
  image_url?: string | null;
  color?: string | null;
  initials?: string | null;
  isMember?: boolean;
}

export type SearchResult =
  | { kind: 'users'; items: PublicProfile[] }
  | { kind: 'communities'; items: CommunityResult[] };

export function useFriends() {
  return useQuery({
    queryKey: socialKeys.friends,
    queryFn: () => get<FriendsResponse>('/user/friends'),
  });
}

export function useFriendRequests() {
  return useQuery({
    queryKey: socialKeys.requests,
    queryFn: () => trackBusy(get<FriendRequestsResponse>('/user/friends/requests')),
    staleTime: 0,
  });
}

/** The member's friends and communities, by id and display name. */
export function useConnections() {
  return useQuery({
    queryKey: socialKeys.connections,
    queryFn: () => get<ConnectionsResponse>('/user/connections'),
  });
}

/** GET /users, a page at a time: each answer's older_key asks for the next page (null at the end). */
export function useUsers() {
  return useInfiniteQuery({
    queryKey: socialKeys.users,
    queryFn: ({ pageParam }) => get<MembersResponse>('/users', { page_key: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older_key,
  });
}

/** Another member's profile as they let the caller see it (a private one shows its avatar identity). */
export function useUserProfile(userId: number) {
  return useQuery({
    queryKey: socialKeys.profile(userId),
    queryFn: () => get<PublicProfile | UserProfile>('/user/profile', { user_id: userId }),
  });
}

/** Until issue 4 builds GET /search/communities, its 404 reads as "no communities found". */
async function searchCommunities(text: string): Promise<CommunityResult[]> {
  try {
    const answer = await get<{ communities: CommunityResult[] }>('/search/communities', { textsearch: text });
    return answer.communities;
  } catch (error) {
    if (isApiError(error, 404) && error.code !== 'validation') return [];
    throw error;
  }
}

export async function runSearch(kind: SearchKind, text: string): Promise<SearchResult> {
  if (kind === 'users') {
    const answer = await get<SearchUsersResponse>('/search/users', { q: text });
    return { kind, items: answer.results };
  }
  return { kind, items: await searchCommunities(text) };
}

/** A search runs when the member presses Enter: `text` is the submitted query, null before any. */
export function useSearch(kind: SearchKind, text: string | null) {
  return useQuery({
    queryKey: socialKeys.search(kind, text ?? ''),
    queryFn: () => trackBusy(runSearch(kind, text ?? '')),
    enabled: text !== null && text.length > 0,
    retry: false,
    staleTime: 0,
  });
}

/** GET /search/private_user: the member with exactly this persona name, or null. */
export async function findPersona(name: string): Promise<PublicProfile | null> {
  const answer = await trackBusy(get<PrivateUserResponse>('/search/private_user', { q: name }));
  return answer.results[0] ?? null;
}

export function usePriorTags(context: TagContext) {
  return useQuery({
    queryKey: socialKeys.tags(context),
    queryFn: () => get<TagsResponse>('/tags', { context }),
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
    put<{ status: 'sent' | 'accepted' }>('/user/friends/request', {
      user_id: userId,
      ...(message ? { message } : {}),
    }),
  );

/** DELETE /user/friends/request: declines theirs or cancels one's own. */
export const useWithdrawFriendRequest = () =>
  useGraphMutation((userId: number) =>
    request<unknown>('/user/friends/request', { method: 'DELETE', query: { user_id: userId } }),
  );

export const useUnfriend = () =>
  useGraphMutation((userId: number) =>
    request<unknown>('/user/friends', { method: 'DELETE', query: { user_id: userId } }),
  );

/** Pin toggles at once on screen and rolls back if the server refuses (pin failures are silent, 001 §8). */
export function useSetPinned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ starId, pinned }: { starId: string; pinned: boolean }) =>
      post<PinResponse>(`/stars/${encodeURIComponent(starId)}/${pinned ? 'pin' : 'unpin'}`),
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
