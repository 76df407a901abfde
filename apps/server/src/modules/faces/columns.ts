import type { SQLWrapper } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { friendships, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * The channel migration 0031's triggers notify when a member's face (bar their mood) or wellbeing mode changes,
 * or they go: kept answers that show faces hear what no event announces (decisions 0077 and 0078).
 */
export const FACES_CHANGED_CHANNEL = 'orbit_faces_changed';

/**
 * The columns a member's face is made of (presentMemberFace, seesPersona read no others), for the hot reads that show
 * members beside what they are about: mapping whole member rows was a sixth of the leaderboard's CPU in the
 * bench profile (docs/decisions/0029). A test holds the face made of these to the face of the whole row.
 */
export const FACE_COLUMNS = {
  id: users.id,
  username: users.username,
  alias: users.alias,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarImage: users.avatarImage,
  personaType: users.personaType,
  personaValue: users.personaValue,
  mood: users.mood,
  moodTags: users.moodTags,
  privacySetting: users.privacySetting,
};
export type FaceRow = Pick<UserRow, keyof typeof FACE_COLUMNS>;

/**
 * Is `memberId` (a column of the outer query, usually) a friend of `viewerId`: a condition to select beside
 * the members themselves, where relationsOf would be a query of its own (and the request direction is not
 * needed for a face: seesPersona reads friendship only).
 */
export const isFriendSql = (viewerId: SQLWrapper | number, memberId: SQLWrapper) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${friendships}
    WHERE ${friendships.userId} = ${viewerId} AND ${friendships.friendId} = ${memberId})`;

/**
 * The face columns of the members `ids` and whether each is `viewerId`'s friend, as one JSON array of
 * FaceRow objects (plus `isFriend`): where a read shows many members, the driver parses one JSON value
 * natively instead of the ORM mapping a row per member (a sixth of the leaderboard's time, 0029).
 */
export function facesJsonSql(viewerId: SQLWrapper, ids: SQLWrapper) {
  return sql<(FaceRow & { isFriend: boolean })[]>`(SELECT coalesce(json_agg(json_build_object(
      ${faceFieldsSql()}, 'isFriend', ${isFriendSql(viewerId, users.id)})), '[]'::json)
    FROM ${users} WHERE ${users.id} = ANY(${ids}::int[]))`;
}

/** The arguments of a `json_build_object` that makes a FaceRow of the `users` row in scope. */
export function faceFieldsSql() {
  const fields = Object.entries(FACE_COLUMNS).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql.join(fields, sql`, `);
}
