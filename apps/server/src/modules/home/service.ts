import type { ProfilesResponse } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { learnMemberZone } from '../activities';
import { presentUserProfile } from '../users';
import { readHome } from './read';
import { homeStarSet } from './star-set';

/** GET /user/profiles (docs/product/home-and-stars.md#profiles-response), computed again only after a change reached the member (HomeCache). */
export function profiles(deps: AppDeps, userId: number): Promise<ProfilesResponse> {
  return deps.homes.read(userId, () => computeProfiles(deps, userId));
}

/** The home: the member's profile and settings, the star set the providers compute, the badges. */
async function computeProfiles(deps: AppDeps, userId: number) {
  const now = new Date();
  const read = await readHome(deps.db, userId, now);
  const { user, organizations: orgs } = read;
  learnMemberZone(user.id, user.timezone);
  const home = await homeStarSet(deps.db, deps.homes.served, read, now);
  const profiles: ProfilesResponse = {
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
    notif_qty: read.notifQty,
    pending_pms_qty: read.pendingPms,
    me_star_pulse: home.me_star_pulse,
  };
  return { home: profiles, streams: read.streams };
}
