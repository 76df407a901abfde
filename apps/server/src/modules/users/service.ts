import {
  EventType,
  type ProfilesResponse,
  personaImageUrl,
  type UpdateUserBody,
  type UserProfile,
} from '@orbit/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { runQueries } from '../../db/queries';
import { organizationMembers, organizations, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../platform/auth/sessions';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { changePassword } from '../auth/service';
import { faceWatchersOf, relationOf, relationsOf } from '../friends/service';
import { groupCompanionsOf, pendingThreadCount } from '../messages/queries';
import { unreadCountOf } from '../notifications/service';
import { homeStarSet } from '../stars/service';
import { PASSWORD_SHAPE, SHAPES, shapeOf } from './changes';
import {
  type MemberFace,
  presentMemberFace,
  presentPublicProfile,
  presentUserProfile,
  STRANGER,
  seesPersona,
  type UserRow,
} from './presenter';

// The one place a member's public shape is built, for the modules that show members (friends, stars, search).
export {
  type MemberFace,
  presentMemberFace,
  presentPublicProfile,
  type Relation,
  STRANGER,
  seesPersona,
  type UserRow,
} from './presenter';

export async function findUser(db: Queryable, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('No such member');
  return user;
}

/** How `viewerId` sees each member: themselves and friends by persona, others by their privacy. */
export async function facesFor(
  db: Queryable,
  viewerId: number,
  userIds: number[],
): Promise<Map<number, MemberFace>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [rows, relations] = await Promise.all([
    db.select().from(users).where(inArray(users.id, ids)),
    relationsOf(
      db,
      viewerId,
      ids.filter((id) => id !== viewerId),
    ),
  ]);
  return new Map(
    rows.map((u) => [
      u.id,
      presentMemberFace(u, u.id === viewerId || seesPersona(u, relations.get(u.id) ?? STRANGER)),
    ]),
  );
}

/** The member's organisations with their roles, oldest first: the first one decides who may create communities. */
export async function organizationsOf(db: Queryable, userId: number) {
  return db
    .select({ id: organizations.id, name: organizations.name, org_roles: organizationMembers.orgRoles })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.id));
}

export async function ownProfile(db: Queryable, userId: number): Promise<UserProfile> {
  const [user, orgs] = await Promise.all([findUser(db, userId), organizationsOf(db, userId)]);
  return presentUserProfile(
    user,
    orgs.map((o) => o.id),
  );
}

/** GET /user/profiles (000 §3.1), computed again only after a change reached the member (HomeCache). */
export function profiles(deps: AppDeps, userId: number): Promise<ProfilesResponse> {
  return deps.homes.read(userId, () => computeProfiles(deps, userId));
}

/** The home: the member's profile and settings, the star set the stars module computes, the badges. */
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

/**
 * GET /user/profile: the member's own profile, or another member's as the caller may see it (a private
 * member's persona only for friends), with where the two stand (friends, a pending request).
 */
export async function profileOf(deps: AppDeps, viewerId: number, userId = viewerId) {
  if (userId === viewerId) return ownProfile(deps.db, viewerId);
  const [user, relation] = await Promise.all([
    findUser(deps.db, userId),
    relationOf(deps.db, viewerId, userId),
  ]);
  return presentPublicProfile(user, relation);
}

export async function personaPicture(deps: AppDeps, userId: number) {
  const user = await findUser(deps.db, userId);
  return { image_url: personaImageUrl({ type: user.personaType, value: user.personaValue }) };
}

export const managedByProvider = () =>
  forbidden('This is managed by your identity provider', 'managed_by_identity_provider');

/** The member's other open sockets refetch their profile (000 §7: USER_PROFILES refreshes the profiles). */
export function announceProfileChange(work: Work, userId: number) {
  return work.emit([userId], EventType.USER_PROFILES, null, { user_id: userId });
}

/**
 * A change of what the member shows (names, pictures, mood): they and everyone with their face on a star
 * (friends, pending requests, group threads) refresh their star set; cached ones are then recomputed.
 */
async function announceFaceChange(work: Work, userId: number) {
  const [watchers, companions] = await runQueries(work.tx, [
    () => faceWatchersOf(work.tx, userId),
    () => groupCompanionsOf(work.tx, userId),
  ]);
  const audience = [...new Set([userId, ...watchers, ...companions])];
  return work.emit(audience, EventType.USER_PROFILES, null, { user_id: userId });
}

async function updatePassword(deps: AppDeps, auth: AuthContext, body: UpdateUserBody) {
  if ((await findUser(deps.db, auth.userId)).identityProvider) throw managedByProvider();
  await changePassword(deps, auth, body.password_old!, body.password_new!, (work) =>
    announceProfileChange(work, auth.userId),
  );
}

/** PUT /user: exactly one 002 §7 shape, checked, written and announced in one transaction. */
export async function updateProfile(deps: AppDeps, auth: AuthContext, body: UpdateUserBody) {
  const shape = shapeOf(body);
  if (shape === PASSWORD_SHAPE) {
    await updatePassword(deps, auth, body);
    return ownProfile(deps.db, auth.userId);
  }
  const change = SHAPES.get(shape);
  if (!change) {
    throw badRequest('validation', `PUT /user takes exactly one change of 002 §7; got {${shape}}`);
  }
  try {
    await inTransaction({ db: deps.db, publisher: deps.realtime }, async (work) => {
      // NO KEY UPDATE: event and row inserts naming this member (foreign keys) must not wait on it (0004).
      const [user] = await work.tx.select().from(users).where(eq(users.id, auth.userId)).for('no key update');
      if (change.managedByProvider && user.identityProvider) throw managedByProvider();
      await work.tx
        .update(users)
        .set(await change.apply(body, { tx: work.tx, user }))
        .where(eq(users.id, auth.userId));
      await announceFaceChange(work, auth.userId);
    });
  } catch (err) {
    // Two members claiming the same alias at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(err)) throw conflict('identity_not_available', 'avatar name not available');
    throw err;
  }
  return ownProfile(deps.db, auth.userId);
}

/** PUT /v4/users/{id}: a member sets only their own notification level. */
export async function setNotificationLevel(
  deps: AppDeps,
  callerId: number,
  targetId: number,
  level: number,
): Promise<UserProfile> {
  if (targetId !== callerId) throw forbidden('You can only change your own notification level');
  if (level !== 0 && level !== 1 && level !== 2) {
    throw badRequest('out_of_range', 'notification_level must be 0, 1 or 2');
  }
  await inTransaction({ db: deps.db, publisher: deps.realtime }, async (work) => {
    await work.tx.update(users).set({ notificationLevel: level }).where(eq(users.id, callerId));
    await announceProfileChange(work, callerId);
  });
  return ownProfile(deps.db, callerId);
}
