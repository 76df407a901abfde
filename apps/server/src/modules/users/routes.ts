import {
  AvatarParams,
  AvatarsResponse,
  ErrorResponse,
  NotificationLevelBody,
  PictureResponse,
  ProfileQuery,
  ProfileResponse,
  SocialSyncBody,
  UpdateUserBody,
  UserIdParams,
  UserProfile,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { sendPresetImage } from '../../platform/images';
import { avatarUrls, loadAvatars } from './avatars';
import { personaPicture, profileOf, setNotificationLevel, updateProfile } from './service';
import { syncSocialAccount } from './social-sync';

const tags = ['users'];

export async function usersRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  const avatars = await loadAvatars();
  // PUT /user also checks an old password: guessing it is limited like /user/confirm_password.
  const passwordAttempts = app.createRateLimit({
    ...rateLimit(f, 10),
    keyGenerator: (request) => `password:${request.auth?.userId}`,
  });

  app.get(
    '/user/profile',
    { schema: { tags, querystring: ProfileQuery, response: { 200: ProfileResponse, '4xx': ErrorResponse } } },
    async (request) => profileOf(deps, me(request).userId, request.query.user_id),
  );

  app.put(
    '/user',
    {
      config: { rateLimit: rateLimit(f, 60) },
      schema: { tags, body: UpdateUserBody, response: { 200: UserProfile, '4xx': ErrorResponse } },
    },
    async (request, reply) => {
      if (request.body.password_old !== undefined) {
        const limit = await passwordAttempts(request);
        if (!limit.isAllowed && limit.isExceeded) {
          return reply
            .status(429)
            .send({ error: 'rate_limited', message: 'Too many password attempts, try again later' });
        }
      }
      return updateProfile(deps, me(request), request.body);
    },
  );

  app.put(
    '/v4/users/:id',
    {
      schema: {
        tags,
        params: UserIdParams,
        body: NotificationLevelBody,
        response: { 200: UserProfile, '4xx': ErrorResponse },
      },
    },
    async (request) =>
      setNotificationLevel(deps, me(request).userId, request.params.id, request.body.notification_level),
  );

  app.get('/user/picture', { schema: { tags, response: { 200: PictureResponse } } }, async (request) =>
    personaPicture(deps, me(request).userId),
  );

  app.put(
    '/fb/user',
    {
      config: { rateLimit: rateLimit(f, 10) },
      schema: { tags, body: SocialSyncBody, response: { 200: UserProfile, '4xx': ErrorResponse } },
    },
    async (request) => syncSocialAccount(deps, me(request).userId, request.body),
  );

  app.get('/v3/avatars', { schema: { tags, response: { 200: AvatarsResponse } } }, async () => ({
    avatars: avatarUrls(),
  }));

  // Public so that a plain <img> shows it; the presets never change, so browsers keep them.
  app.get(
    '/v3/avatars/:file',
    { config: { public: true }, schema: { tags, params: AvatarParams } },
    async (request, reply) => sendPresetImage(reply, avatars, request.params.file, 'avatar'),
  );
}
