import type { Gojimoji, ProfileStar } from '@orbit/contract';
import {
  type QueryClient,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call, hasSessionMark, isApiError } from './client';
import { queryKeys } from './keys';
import { moodInsightsKeys } from './moods';
import type { Profiles, UserProfile, UserUpdate } from './types';

/**
 * The profiles response, or null when signed out: known from the cookies without a call, or from a 401 (a
 * session that ended elsewhere), which is an answer here, not a failure. Every signed-in screen reads the
 * member from it.
 */
export function useProfiles() {
  return useQuery({
    queryKey: queryKeys.profiles,
    queryFn: async (): Promise<Profiles | null> => {
      if (!hasSessionMark()) return null;
      try {
        return await call('profiles', { public: true });
      } catch (error) {
        if (isApiError(error, 401)) return null;
        throw error;
      }
    },
    retry: (count, error) => !isApiError(error, 401) && count < 2,
  });
}

/** The member, for screens that only render once signed in. */
export function useMe(): UserProfile | null {
  return useProfiles().data?.user_profile ?? null;
}

/**
 * The saved profile goes onto the cached home. A home read already on its way may have been answered before
 * the save: landing after it, it would put the old profile back (a mood tag just added vanished from its list,
 * seen in a journey). That read is dropped and the home read again (refetch cancels the one on its way).
 */
function mergeProfile(queryClient: ReturnType<typeof useQueryClient>, profile: UserProfile): void {
  queryClient.setQueryData<Profiles | null>(queryKeys.profiles, (old) =>
    old ? { ...old, user_profile: { ...old.user_profile, ...profile } } : old,
  );
  if (queryClient.isFetching({ queryKey: queryKeys.profiles }) > 0)
    void queryClient.refetchQueries({ queryKey: queryKeys.profiles });
}

/**
 * A member's new mood, sent as a delta (USER_PROFILES with `gojimoji`): it goes onto their stars in the
 * cached star set, without a refetch. False when it could not be applied safely (no star set yet, or one
 * being fetched that may have been read before the change): then the set is refetched instead.
 */
export function applyMoodDelta(queryClient: QueryClient, userId: number, gojimoji: Gojimoji): boolean {
  if (queryClient.isFetching({ queryKey: queryKeys.profiles }) > 0) return false;
  const home = queryClient.getQueryData<Profiles | null>(queryKeys.profiles);
  if (!home) return false;
  const withMood = (stars: ProfileStar[]) =>
    stars.map((star) => (star.user_id === userId ? { ...star, gojimoji } : star));
  queryClient.setQueryData<Profiles>(queryKeys.profiles, {
    ...home,
    stars: withMood(home.stars),
    last_stars: withMood(home.last_stars),
  });
  return true;
}

/** Every PUT /user of this client, whichever screen sent it (useChosenMoodTags reads the ones under way). */
const UPDATE_USER_KEY = ['updateUser'];

/** PUT /user with exactly one of the spec's shapes; the answer is the updated profile. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_USER_KEY,
    mutationFn: (update: UserUpdate) => trackBusy(call('updateUser', { body: update })),
    onSuccess: (profile, update) => {
      mergeProfile(queryClient, profile);
      if ('gojimoji' in update) void queryClient.invalidateQueries({ queryKey: moodInsightsKeys.root });
      // Every count the screens hold was answered for the other mode (decision 0044).
      if ('wellbeing_mode' in update) void queryClient.invalidateQueries();
    },
  });
}

/**
 * The mood tags as the member last chose them: the newest save of them still under way, from any screen, else
 * the saved ones. The tag editor lists these and the mood picker's New Post previews these, so a tag added a
 * moment before New Post is in the composer too.
 */
export function useChosenMoodTags(saved: readonly string[]): readonly string[] {
  const pending = useMutationState({
    filters: { mutationKey: UPDATE_USER_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as UserUpdate | undefined,
  });
  for (const update of pending.toReversed()) {
    if (update && 'gojimoji' in update && 'tags' in update.gojimoji) return update.gojimoji.tags;
  }
  return saved;
}

/**
 * PUT /fb/user: links the account at the social network (docs/decisions/0022); the whole profiles answer
 * changes with it (identity_provider, has_identity), so it is fetched again.
 */
export function useSocialSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: string; access_token: string }) => trackBusy(call('socialSync', { body })),
    onSuccess: async (profile) => {
      mergeProfile(queryClient, profile);
      await queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
  });
}

export function useUpdateNotificationLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, level }: { userId: number; level: number }) =>
      trackBusy(call('notificationLevel', { params: { id: userId }, body: { notification_level: level } })),
    onSuccess: (_answer, { level }) =>
      queryClient.setQueryData<Profiles | null>(queryKeys.profiles, (old) =>
        old ? { ...old, user_profile: { ...old.user_profile, notification_level: level } } : old,
      ),
  });
}

/**
 * The version check: an outdated client shows the update modal and reloads after 5 s (docs/product/home-and-stars.md#version-check). Asked
 * once, before sign-in too, and never retried.
 */
export function useVersionCheck(version: number) {
  return useQuery({
    queryKey: queryKeys.version(version),
    queryFn: () => call('version', { query: { v: version }, public: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export const fetchProfiles = () => call('profiles');
