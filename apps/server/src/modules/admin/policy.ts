import { ErrorCode, OrgRole, OwnerType } from '@orbit/contract';
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jsonRead, reads } from '../../db/json-rows';
import { preparedForAny } from '../../db/prepared';
import { communities, organizationMembers, organizations } from '../../db/schema';
import { forbidden } from '../../platform/errors';

/** `organizationsOf` as a column of a read of its own (the home's one statement, decision 0066). */
export const organizationsRead = (member: SQLWrapper) =>
  jsonRead(
    { id: organizations.id, name: organizations.name, org_roles: organizationMembers.orgRoles },
    (fields) =>
      reads
        .select(fields)
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(eq(organizationMembers.userId, member))
        .orderBy(asc(organizations.id)),
  );

/** The member's organisations with their roles, oldest first: the first one decides who may create communities. */
export async function organizationsOf(db: Queryable, userId: number) {
  return organizationsStatement(db).execute({ member: userId });
}

const organizationsStatement = preparedForAny('admin_organizations_of', (db) =>
  db
    .select({ id: organizations.id, name: organizations.name, org_roles: organizationMembers.orgRoles })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, sql.placeholder('member')))
    .orderBy(asc(organizations.id)),
);

/** The organisations whose admin (role 2) the member is, oldest first: where the admin screens may write. */
export async function adminOrganizations(db: Queryable, userId: number) {
  const orgs = await organizationsOf(db, userId);
  return orgs.filter((o) => o.org_roles.includes(OrgRole.ADMIN)).map(({ id, name }) => ({ id, name }));
}

/**
 * Every organisation admin (role 2 in any organisation): who reads every report (decision 0047), so who hears
 * of each one (decision 0052). A scan of the memberships, run only when a report is made or settled.
 */
export async function organizationAdminIds(db: Queryable): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: organizationMembers.userId })
    .from(organizationMembers)
    .where(sql`${organizationMembers.orgRoles} @> to_jsonb(array[${OrgRole.ADMIN}::int])`);
  return rows.map((r) => r.id);
}

/**
 * Creating and editing surveys and incentive plans is for organisation admins (role 2) only; everyone else is
 * refused by the server, whatever the client shows. Without an organisation named, the first one the member
 * administers is meant.
 */
export async function assertOrgAdmin(
  db: Queryable,
  userId: number,
  organizationId?: number,
): Promise<number> {
  const orgs = await adminOrganizations(db, userId);
  const org = organizationId === undefined ? orgs[0] : orgs.find((o) => o.id === organizationId);
  if (!org) throw notOrgAdmin();
  return org.id;
}

/** The organisations the caller administers, for the admin lists; 403 for a caller who administers none. */
export async function administeredOrganizations(db: Queryable, userId: number) {
  const orgs = await adminOrganizations(db, userId);
  if (orgs.length === 0) throw notOrgAdmin();
  return orgs;
}

function notOrgAdmin() {
  return forbidden('Only organisation admins may do this', ErrorCode.not_org_admin);
}

/** The ids of the organisations a member belongs to (any role): whose surveys and plans they see. */
export async function memberOrganizationIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  return rows.map((r) => r.id);
}

/** The communities organisations own, for the plan editor's community choice. */
export async function organizationCommunities(db: Queryable, organizationIds: number[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      community_id: communities.id,
      name: communities.name,
      community_type: communities.communityType,
    })
    .from(communities)
    .where(
      and(eq(communities.ownerType, OwnerType.ORGANIZATION), inArray(communities.ownerId, organizationIds)),
    )
    .orderBy(asc(communities.name));
}

/** Every member of an organisation: who is told that its surveys or plans changed. */
export async function organizationMemberIds(db: Queryable, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizationMembers.userId })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  return rows.map((r) => r.id);
}

/** GET /admin/organizations: the caller's admin organisations and the communities they own; 403 for others. */
export async function adminScope(db: Queryable, userId: number) {
  const organizations = await administeredOrganizations(db, userId);
  const owned = await organizationCommunities(
    db,
    organizations.map((o) => o.id),
  );
  return { organizations, communities: owned };
}
