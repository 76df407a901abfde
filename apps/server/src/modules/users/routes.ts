import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { sendPresetImage } from '../../platform/images';
import { route } from '../../platform/route';
import { avatarUrls, loadAvatars } from './avatars';
import { personaPicture, profileOf, setNotificationLevel, updateProfile } from './service';
import { syncSocialAccount } from './social-sync';

export async function usersRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  const avatars = await loadAvatars();
  // PUT /user also checks an old password: guessing it is limited like /user/confirm_password.
  const passwordAttempts = app.createRateLimit({
    ...rateLimit(f, 10),
    keyGenerator: (request) => `password:${request.auth?.userId}`,
  });

  route(app, ENDPOINTS.profile, {}, async (request) =>
    profileOf(deps, me(request).userId, request.query.user_id),
  );

  route(app, ENDPOINTS.updateUser, {}, async (request, reply) => {
    if (request.body.password_old !== undefined) {
      const limit = await passwordAttempts(request);
      if (!limit.isAllowed && limit.isExceeded) {
        return reply
          .status(429)
          .send({ error: 'rate_limited', message: 'Too many password attempts, try again later' });
      }
    }
    return updateProfile(deps, me(request), request.body);
  });

  route(app, ENDPOINTS.notificationLevel, {}, async (request) =>
    setNotificationLevel(deps, me(request).userId, request.params.id, request.body.notification_level),
  );

  route(app, ENDPOINTS.picture, {}, async (request) => personaPicture(deps, me(request).userId));

  route(app, ENDPOINTS.socialSync, {}, async (request) =>
    syncSocialAccount(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.avatars, {}, async () => ({ avatars: avatarUrls() }));

  // Public so that a plain <img> shows it; the presets never change, so browsers keep them.
  route(app, ENDPOINTS.avatar, { describe: { 200: 'the avatar image' } }, async (request, reply) =>
    sendPresetImage(reply, avatars, request.params.file, 'avatar'),
  );
}
