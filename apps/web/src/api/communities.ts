import {
  type Community,
  type CommunityEntry,
  type CommunityIdentity,
  CommunityRole,
  type CreateCommunityBody,
} from '@orbit/contract';
import {
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { queryKeys } from './keys';
import { pinStar, socialKeys } from './social';
import type { Profiles } from './types';

/** Query keys of communities: one root, so one invalidation reaches lists, pages and members alike. */
export const communityKeys = {
  root: ['communities'] as const,
  list: ['communities', 'list'] as const,
  search: (text: string) => ['communities', 'search', text] as const,
  invite: (id: number) => ['communities', 'invite', id] as const,
  page: (id: number) => ['communities', 'page', id] as const,
  members: (id: number) => ['communities', 'members', id] as const,
  nonmembers: (id: number, text: string) => ['communities', 'nonmembers', id, text] as const,
};

/** GET /communities: the communities the member may see, their own first, a page at a time. */
export function useCommunityList() {
  return useInfiniteQuery({
    queryKey: communityKeys.list,
    queryFn: ({ pageParam }) => call('communities', { query: { page_key: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older_key,
  });
}

/** GET /search/communities with the submitted text (the communitySearch state). */
export const searchCommunities = (text: string) =>
  trackBusy(call('searchCommunities', { query: { textsearch: text } }));

/**
 * A community the member is invited to, as the list shows it (who invited, when): a private community's
 * page stays closed to invitees until they accept, so the entry is found by its name among the search
 * results.
 */
export function useInvitedCommunity(id: number, name: string) {
  return useQuery({
    queryKey: communityKeys.invite(id),
    queryFn: async (): Promise<CommunityEntry | null> =>
      (await searchCommunities(name)).communities.find((entry) => entry.id === id) ?? null,
    retry: false,
  });
}

/** GET /communities/{id}: the community page (404 for a private one the member is not in). */
export const communityPageQuery = (id: number) =>
  queryOptions({
    queryKey: communityKeys.page(id),
    queryFn: () => call('community', { params: { id } }),
    retry: false,
  });

export function useCommunity(id: number) {
  return useQuery(communityPageQuery(id));
}

/** GET /communities/{id}/members; a failure leaves the list empty (docs/product/the area's own anchor (communities.md#members: member list failures are silent). */
export function useCommunityMembers(id: number) {
  return useQuery({
    queryKey: communityKeys.members(id),
    queryFn: () => call('communityMembers', { params: { id } }),
    retry: false,
  });
}

/** GET /communities/{id}/nonmembers?textsearch=: who may be invited or added. */
export function useNonmembers(id: number, text: string) {
  return useQuery({
    queryKey: communityKeys.nonmembers(id, text),
    queryFn: () => call('communityNonmembers', { params: { id }, query: { textsearch: text || undefined } }),
    retry: false,
  });
}

/** After a change to membership: the community lists, the member's stars and the social lists are stale. */
function refreshCommunities(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: communityKeys.root }),
    queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
    queryClient.invalidateQueries({ queryKey: socialKeys.connections }),
  ]);
}

function useCommunityMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => trackBusy(call(variables)),
    onSettled: () => refreshCommunities(queryClient),
  });
}

export interface JoinRequest {
  id: number;
  identity: CommunityIdentity;
  acceptedTerms: boolean;
}

/** POST /join/community/ as an ordinary member (role 4, docs/product/communities.md#experts). */
export const useJoinCommunity = () =>
  useCommunityMutation(({ id, identity, acceptedTerms }: JoinRequest) =>
    call('joinCommunity', {
      body: {
        id,
        community_role: CommunityRole.MEMBER,
        identity,
        ...(acceptedTerms ? { accepted_terms: true } : {}),
      },
    }),
  );

export const useLeaveCommunity = () =>
  useCommunityMutation((id: number) => call('leaveCommunity', { body: { id } }));

/** POST /create/communities: the creator becomes its expert; the picture follows once it exists. */
export const useCreateCommunity = () =>
  useCommunityMutation((body: CreateCommunityBody) => call('createCommunity', { body }));

/** POST /community/{id}/image (experts only): a square JSON image 300 wide. */
export const useChangeCommunityImage = () =>
  useCommunityMutation(({ id, image }: { id: number; image: string }) =>
    call('communityImage', { params: { id }, body: { image } }),
  );

/** PUT /communities/{id} info (experts only); the save is silent (docs/product/the area's own anchor (communities.md#members). */
export const useSaveCommunityInfo = () =>
  useCommunityMutation(({ id, info }: { id: number; info: string }) =>
    call('updateCommunity', { params: { id }, body: { info } }),
  );

/** POST /communities/{id}/invite by screen name. */
export const useInviteToCommunity = () =>
  useCommunityMutation(({ id, screenName }: { id: number; screenName: string }) =>
    call('inviteToCommunity', { params: { id }, body: { screen_name: screenName } }),
  );

export const InviteAnswer = { ACCEPT: 2, REJECT: 3 } as const;
export type InviteAnswer = (typeof InviteAnswer)[keyof typeof InviteAnswer];

/** PUT /communities/{id}/invite: 2 accepts, 3 rejects (docs/product/communities.md#invites). */
export const useAnswerInvite = () =>
  useCommunityMutation(({ id, status }: { id: number; status: InviteAnswer }) =>
    call('answerInvite', { params: { id }, body: { status } }),
  );

/** POST /communities/{id}/members/{userId} with role 4 (experts only). */
export const useAddMember = () =>
  useCommunityMutation(({ id, userId }: { id: number; userId: number }) =>
    call('addCommunityMember', { params: { id, userId }, body: { community_role: CommunityRole.MEMBER } }),
  );

/** DELETE /communities/{id}/members/{userId} (experts only, never oneself). */
export const useRemoveMember = () =>
  useCommunityMutation(({ id, userId }: { id: number; userId: number }) =>
    call('removeCommunityMember', { params: { id, userId } }),
  );

/** PUT /communities/{id}/experts/{userId}: a member becomes an expert (experts and org admins, decision 0048). */
export const useAppointExpert = () =>
  useCommunityMutation(({ id, userId }: { id: number; userId: number }) =>
    call('appointCommunityExpert', { params: { id, userId } }),
  );

/**
 * Pin and unpin of the community's star: toggled at once on the page and among the stars, rolled back when
 * the server refuses (pin failures are silent, docs/product/the area's own anchor (communities.md#members).
 */
export function useSetCommunityPinned(id: number) {
  const queryClient = useQueryClient();
  const setPinned = (starId: string, pinned: boolean) => {
    queryClient.setQueryData<Community>(communityKeys.page(id), (old) => (old ? { ...old, pinned } : old));
    queryClient.setQueryData<Profiles | null>(queryKeys.profiles, (old) =>
      old
        ? {
            ...old,
            stars: old.stars.map((star) => (star.star_id === starId ? { ...star, pinned } : star)),
          }
        : old,
    );
  };
  return useMutation({
    mutationFn: ({ starId, pinned }: { starId: string; pinned: boolean }) => pinStar(starId, pinned),
    onMutate: async ({ starId, pinned }) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.page(id) });
      setPinned(starId, pinned);
    },
    onError: (_error, { starId, pinned }) => setPinned(starId, !pinned),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.page(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      ]),
  });
}
