import { EventType, personaImageUrl, type UpdateUserBody, type UserProfile } from '@orbit/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import { parsedJson } from '../../db/json-rows';
import { users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import type { AuthContext } from '../../platform/auth/sessions';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { forgetKeptReads } from '../activities';
import { organizationsOf, organizationsRead } from '../admin';
import { changePassword } from '../auth';
import { isBlockedEitherWay } from '../blocks';
import { findUser, lockUser, presentPublicProfile, relationOf, type UserRow } from '../faces';
import { faceWatchersQuery } from '../friends';
import { groupCompanionsQuery } from '../messages';
import { type Audience, type ChangeContext, PASSWORD_SHAPE, SHAPES, shapeOf } from './changes';
import { presentUserProfile } from './presenter';

export async function ownProfile(db: Queryable, userId: number): Promise<UserProfile> {
  const [user, orgs] = await Promise.all([findUser(db, userId), organizationsOf(db, userId)]);
  return presentUserProfile(
    user,
    orgs.map((o) => o.id),
  );
}

/**
 * GET /user/profile: the member's own profile, or another member's as the caller may see it (a private
 * member's persona only for friends), with where the two stand (friends, a pending request).
 */
export async function profileOf(deps: AppDeps, viewerId: number, userId = viewerId) {
  if (userId === viewerId) return ownProfile(deps.db, viewerId);
  const [user, relation, blocked] = await Promise.all([
    findUser(deps.db, userId),
    relationOf(deps.db, viewerId, userId),
    isBlockedEitherWay(deps.db, viewerId, userId),
  ]);
  // Blocked either way, the member is as unknown as one who does not exist (decision 0046).
  if (blocked) throw notFound('No such member');
  return presentPublicProfile(user, relation);
}

export async function personaPicture(deps: AppDeps, userId: number) {
  const user = await findUser(deps.db, userId);
  return { image_url: personaImageUrl({ type: user.personaType, value: user.personaValue }) };
}

export const managedByProvider = () =>
  forbidden('This is managed by your identity provider', 'managed_by_identity_provider');

/** The member's other open sockets refetch their profile (docs/product/realtime.md#user-profiles: USER_PROFILES refreshes the profiles). */
export function announceProfileChange(work: Work, userId: number) {
  return work.emit([userId], EventType.USER_PROFILES, null, { user_id: userId });
}

/** Who hears a change others see (decision 0094): everyone with the member's face on a star of their own. */
const heardBySql = sql<unknown>`(SELECT coalesce(json_agg(heard.id), '[]'::json)
  FROM (${faceWatchersQuery(users.id)} UNION ${groupCompanionsQuery(users.id)}) AS heard(id))`;
const organizations = organizationsRead(users.id);

/**
 * Writes a change of the member's row and answers the row as it left it, with their organisations and, for a
 * change others see, who hears it: one statement (decision 0094). Undefined when the member is gone.
 */
async function writeChange(
  tx: Tx,
  userId: number,
  columns: PgUpdateSetSource<typeof users>,
  audience: Audience,
) {
  const heard = audience === 'self' ? sql<unknown>`'[]'::json` : heardBySql;
  const [written] = await tx
    .update(users)
    .set(columns)
    .where(eq(users.id, userId))
    .returning({ ...getTableColumns(users), organizations: organizations.sql, heardBy: heard });
  if (!written) return undefined;
  const { organizations: orgs, heardBy, ...row } = written;
  return {
    row: row as UserRow,
    organizations: organizations.decode(orgs),
    heardBy: parsedJson(heardBy) as number[],
  };
}

/**
 * A change of what the member shows: they refresh their own profile, and everyone with their face on a star
 * (friends, pending requests, group threads) hears it too: a new name or picture as a refetch of their star
 * set, a new mood as a delta they put on the member's stars themselves (issue 17: no refetch storms).
 */
async function announceChange(work: Work, written: ChangeWritten, audience: Audience) {
  const { row: user, heardBy } = written;
  await announceProfileChange(work, user.id);
  if (audience === 'self') return;
  const others = new Set(heardBy);
  others.delete(user.id);
  const delta = audience === 'mood' ? { gojimoji: { mood: user.mood, tags: user.moodTags } } : {};
  return work.emit(others, EventType.USER_PROFILES, null, { user_id: user.id, ...delta });
}

type ChangeWritten = NonNullable<Awaited<ReturnType<typeof writeChange>>>;

/**
 * A moderator removes what a reported member shows of themselves (decision 0047): their avatar name and
 * persona picture go back to the defaults, and everyone with their face on a star hears it as a face change.
 * False when the member is gone.
 */
export async function resetFace(work: Work, userId: number): Promise<boolean> {
  const written = await writeChange(
    work.tx,
    userId,
    {
      alias: null,
      personaType: sql`DEFAULT`,
      personaValue: sql`DEFAULT`,
    },
    'face',
  );
  if (!written) return false;
  await announceChange(work, written, 'face');
  return true;
}

async function updatePassword(deps: AppDeps, auth: AuthContext, body: UpdateUserBody) {
  if ((await findUser(deps.db, auth.userId)).identityProvider) throw managedByProvider();
  await changePassword(deps, auth, body.password_old!, body.password_new!, (work) =>
    announceProfileChange(work, auth.userId),
  );
}

/** PUT /user: exactly one docs/product/account-and-safety.md#profile shape, checked, written and announced in one transaction. */
export async function updateProfile(deps: AppDeps, auth: AuthContext, body: UpdateUserBody) {
  const shape = shapeOf(body);
  if (shape === PASSWORD_SHAPE) {
    await updatePassword(deps, auth, body);
    return ownProfile(deps.db, auth.userId);
  }
  const change = SHAPES.get(shape);
  if (!change) {
    throw badRequest(
      'validation',
      `PUT /user takes exactly one change of docs/product/account-and-safety.md#profile; got {${shape}}`,
    );
  }
  let changed: ChangeWritten;
  try {
    changed = await inTransaction(unitOfWork(deps), async (work) => {
      const ctx = changeContext(work.tx, auth.userId);
      if (change.managedByProvider && (await ctx.row()).identityProvider) throw managedByProvider();
      const audience = change.seen ?? 'self';
      const written = await writeChange(work.tx, auth.userId, await change.apply(body, ctx), audience);
      if (!written) throw notFound('No such member');
      await change.written?.(work.tx, written.row);
      await announceChange(work, written, audience);
      return written;
    });
  } catch (err) {
    // Two members claiming the same alias at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(err)) throw conflict('identity_not_available', 'avatar name not available');
    throw err;
  }
  // The member's zone may have moved: their histories are grouped by other days (decision 0075).
  if (shape.split(',').includes('timezone')) forgetKeptReads(deps, [auth.userId]);
  return presentUserProfile(
    changed.row,
    changed.organizations.map((o) => o.id),
  );
}

/** What a change reads of the member: their row, locked, only when a change asks for it. */
function changeContext(tx: Tx, userId: number): ChangeContext {
  let locked: Promise<UserRow> | undefined;
  return {
    tx,
    userId,
    row: () => {
      locked ??= lockUser(tx, userId);
      return locked;
    },
  };
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
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    await work.tx.update(users).set({ notificationLevel: level }).where(eq(users.id, callerId));
    await announceProfileChange(work, callerId);
  });
  return ownProfile(deps.db, callerId);
}
