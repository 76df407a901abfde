import type { ProfilesResponse } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { organizationsOf } from '../admin';
import { findUser } from '../faces';
import { pendingThreadCount } from '../messages';
import { unreadCountOf } from '../notifications';
import { presentUserProfile } from '../users';
import { homeStarSet } from './star-set';

/** GET /user/profiles (docs/product/home-and-stars.md#profiles-response), computed again only after a change reached the member (HomeCache). */
export function profiles(deps: AppDeps, userId: number): Promise<ProfilesResponse> {
  return deps.homes.read(userId, () => computeProfiles(deps, userId));
}

/** The home: the member's profile and settings, the star set the providers compute, the badges. */
async function computeProfiles(deps: AppDeps, userId: number): Promise<ProfilesResponse> {
  const [user, orgs] = await Promise.all([findUser(deps.db, userId), organizationsOf(deps.db, userId)]);
  const [home, notifQty, pendingPms] = await Promise.all([
    homeStarSet(deps.db, user),
    unreadCountOf(deps.db, userId),
    pendingThreadCount(deps.db, userId),
  ]);
  return {
    user_profile: presentUserProfile(
      user,
      orgs.map((o) => o.id),
    ),
    stars: home.stars,
    last_stars: home.last_stars,
    organizations: orgs,
    settings_profile: {
      unit_preference: user.unitPreference,
      notification_level: user.notificationLevel,
      privacy_setting: user.privacySetting,
      // An Orbit identity (username, avatar, persona) is the member's own unless an external provider holds it.
      has_identity: user.identityProvider === null,
      identity_provider: user.identityProvider,
      social_sync: deps.config.socialGraphUrl !== null,
    },
    notif_qty: notifQty,
    pending_pms_qty: pendingPms,
    me_star_pulse: home.me_star_pulse,
  };
}
