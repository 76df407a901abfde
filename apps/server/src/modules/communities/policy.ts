import { AccessType, CommunityRole, OwnerType } from '@orbit/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { communities, communityMembers } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';

export type CommunityRow = typeof communities.$inferSelect;

/** Who may do what in a community (docs/product/README.md#server-enforces): one place, called by every service that needs it. */
export interface CommunityStanding {
  community: CommunityRow;
  /** The caller's role (1 expert, 4 member), or null for a non-member. */
  role: number | null;
  isMember: boolean;
  isExpert: boolean;
}

/** Read before nearly every community write and read, in and out of their transactions. */
const standingStatement = preparedForAny('community_standing', (db) =>
  db
    .select({ community: communities, role: communityMembers.role })
    .from(communities)
    .leftJoin(
      communityMembers,
      and(
        eq(communityMembers.communityId, communities.id),
        eq(communityMembers.userId, sql.placeholder('user')),
      ),
    )
    .where(eq(communities.id, sql.placeholder('community')))
    .limit(1),
);

export async function standingIn(
  db: Queryable,
  communityId: number,
  userId: number,
): Promise<CommunityStanding> {
  const [row] = await standingStatement(db).execute({ community: communityId, user: userId });
  if (!row) throw notFound('No such community');
  return { community: row.community, ...roleStanding(row.role ?? null) };
}

/** What a role in a community (null: not a member) makes of the caller. */
export function roleStanding(role: number | null) {
  return { role, isMember: role !== null, isExpert: role === CommunityRole.EXPERT };
}

/**
 * A private community's feed and members are for its members only; public ones are readable by anyone signed
 * in. For a read that has the community's access type and the caller's role already (the feed page's check).
 */
export function assertReadable(accessType: number, role: number | null) {
  const standing = roleStanding(role);
  // A private community the caller is not in: as if it did not exist.
  if (!standing.isMember && accessType === AccessType.PRIVATE) throw notFound('No such community');
  return standing;
}

/** A private community's feed and members are for its members only; public ones are readable by anyone signed in. */
export async function assertMayRead(
  db: Queryable,
  communityId: number,
  userId: number,
): Promise<CommunityStanding> {
  const standing = await standingIn(db, communityId, userId);
  assertReadable(standing.community.accessType, standing.role);
  return standing;
}

export async function assertMember(
  db: Queryable,
  communityId: number,
  userId: number,
): Promise<CommunityStanding> {
  const standing = await assertMayRead(db, communityId, userId);
  assertIsMember(standing);
  return standing;
}

/** Only a member acts in a community (403 not_a_member), for a caller whose standing was read already. */
export function assertIsMember(standing: Pick<CommunityStanding, 'isMember'>) {
  if (!standing.isMember) throw forbidden('Only members of this community may do this', 'not_a_member');
}

export async function assertExpert(
  db: Queryable,
  communityId: number,
  userId: number,
): Promise<CommunityStanding> {
  const standing = await assertMember(db, communityId, userId);
  if (!standing.isExpert) throw forbidden('Only the community experts may do this', 'not_an_expert');
  return standing;
}

/** The community's experts: who read the reports of what lives in it (decisions 0047 and 0052). */
export async function communityExpertIds(db: Queryable, communityId: number): Promise<number[]> {
  const rows = await db
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .where(
      and(eq(communityMembers.communityId, communityId), eq(communityMembers.role, CommunityRole.EXPERT)),
    );
  return rows.map((r) => r.id);
}

/**
 * May this member register newcomers into the organisation from a community's add-member form?
 * Yes when they are an expert of a community the organisation owns.
 */
export async function isExpertInOrganization(
  db: Queryable,
  userId: number,
  organizationId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: communities.id })
    .from(communities)
    .innerJoin(
      communityMembers,
      and(
        eq(communityMembers.communityId, communities.id),
        eq(communityMembers.userId, userId),
        eq(communityMembers.role, CommunityRole.EXPERT),
      ),
    )
    .where(and(eq(communities.ownerType, OwnerType.ORGANIZATION), eq(communities.ownerId, organizationId)))
    .limit(1);
  return rows.length > 0;
}
