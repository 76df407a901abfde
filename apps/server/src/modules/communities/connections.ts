import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { communities, communityMembers } from '../../db/schema';

/** The communities a member belongs to, by name: GET /user/connections (moment participants). */
export async function communityConnectionsOf(
  db: Queryable,
  userId: number,
): Promise<{ id: number; display_name: string }[]> {
  return db
    .select({ id: communities.id, display_name: communities.name })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(eq(communityMembers.userId, userId))
    .orderBy(asc(sql`lower(${communities.name})`), asc(communities.id));
}
