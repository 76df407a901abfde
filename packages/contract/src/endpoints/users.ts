import {
  AvatarParams,
  AvatarsResponse,
  NotificationLevelBody,
  PictureResponse,
  PrivateUserQuery,
  PrivateUserResponse,
  ProfileQuery,
  ProfileResponse,
  ProfilesResponse,
  SearchUsersQuery,
  SearchUsersResponse,
  SocialSyncBody,
  UpdateUserBody,
  UserIdParams,
  UserProfile,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { SEARCH_ROUTES, USER_ROUTES } from './routes';

export const USER_ENDPOINTS = endpoints('users', USER_ROUTES, {
  profiles: { response: ProfilesResponse, errors: [] },
  profile: { query: ProfileQuery, response: ProfileResponse, errors: ['not_found'] },
  updateUser: {
    rateLimit: perMinute(60),
    body: UpdateUserBody,
    response: UserProfile,
    errors: [
      'invalid_avatar_name',
      'invalid_image',
      'alias_changed',
      'identity_not_available',
      'out_of_range',
      'managed_by_identity_provider',
      'incorrect_password',
      'invalid_password',
      'common_password',
    ],
  },
  notificationLevel: {
    params: UserIdParams,
    body: NotificationLevelBody,
    response: UserProfile,
    errors: ['forbidden', 'out_of_range'],
  },
  picture: { response: PictureResponse, errors: [] },
  socialSync: {
    rateLimit: perMinute(10),
    body: SocialSyncBody,
    response: UserProfile,
    errors: [
      'not_found',
      'no_social_provider',
      'invalid_social_token',
      'social_provider_unavailable',
      'identity_provider_mismatch',
      'social_account_linked',
    ],
  },
  avatars: { response: AvatarsResponse, errors: [] },
  /** Public so that a plain <img> shows it. */
  avatar: { public: true, params: AvatarParams, errors: ['not_found'] },
});

export const SEARCH_ENDPOINTS = endpoints('search', SEARCH_ROUTES, {
  searchUsers: {
    rateLimit: perMinute(60),
    query: SearchUsersQuery,
    response: SearchUsersResponse,
    errors: ['invalid_query', 'invalid_page_key'],
  },
  privateUser: {
    rateLimit: perMinute(60),
    query: PrivateUserQuery,
    response: PrivateUserResponse,
    errors: ['invalid_query', 'not_found'],
  },
});
