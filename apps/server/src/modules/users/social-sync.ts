import { PROFILE_TEXT_LIMITS, SOCIAL_PROVIDER, type SocialSyncBody, type UserProfile } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import { lockUser } from '../faces';
import { announceProfileChange, ownProfile } from './service';
import { invalidSocialToken, type SocialAccount, socialAccountOf } from './social-graph';

/** A name from the provider, as the profile keeps names (at most 50 characters); none keeps the member's. */
const nameFrom = (value: string | null) => value?.slice(0, PROFILE_TEXT_LIMITS.name) ?? undefined;

function namesOf(account: SocialAccount) {
  return { firstName: nameFrom(account.firstName), lastName: nameFrom(account.lastName) };
}

/**
 * PUT /fb/user (docs/product/account-and-safety.md#sign-in; docs/product/home-and-stars.md#other-views): the provider's `/me` says whose token this is; it must be the account the
 * client names. The Orbit account is then linked to it (identity_provider, user_identity) and takes its
 * names, which from now on are the provider's to change (docs/product/account-and-safety.md#identity-provider). A member linked to one account cannot
 * sync another, and one account at the provider links one Orbit account (409 for both).
 */
export async function syncSocialAccount(
  deps: AppDeps,
  userId: number,
  body: SocialSyncBody,
): Promise<UserProfile> {
  const graphUrl = deps.config.socialGraphUrl;
  if (!graphUrl) throw notFound('No social network is set up', 'no_social_provider');
  const account = await socialAccountOf(graphUrl, body.access_token, deps.config.socialGraphTimeoutMs);
  if (account.id !== String(body.user_id)) throw invalidSocialToken();
  try {
    await inTransaction(unitOfWork(deps), async (work) => {
      const user = await lockUser(work.tx, userId);
      const linkedElsewhere =
        user.identityProvider !== null &&
        (user.identityProvider !== SOCIAL_PROVIDER || (user.userIdentity ?? account.id) !== account.id);
      if (linkedElsewhere) {
        throw conflict('identity_provider_mismatch', 'Your account is linked to another identity');
      }
      await work.tx
        .update(users)
        .set({ identityProvider: SOCIAL_PROVIDER, userIdentity: account.id, ...namesOf(account) })
        .where(eq(users.id, userId));
      await announceProfileChange(work, userId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('social_account_linked', 'This social-network account belongs to another member');
    }
    throw err;
  }
  return ownProfile(deps.db, userId);
}
