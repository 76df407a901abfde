import { OrgRole } from '@orbit/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { organizationMembers, organizations, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { organizationsOf } from './policy';

/**
 * What an operator does to members from `orbit` (decision 0057), beside the admin screens: those act inside an
 * organisation, these on the deployment.
 */

/** The organisation a deployment without any gets for its first admin. */
export const FIRST_ORGANIZATION_NAME = 'Orbit';

/** The member an email names (in any case), or null. */
export async function memberByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, username: users.username, disabledAt: users.disabledAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * Makes the member an admin (role 2) of their first organisation; a member of none becomes one of the oldest
 * organisation, and a deployment without any gets its first. Answers the organisation.
 */
export async function makeOrganizationAdmin(db: Queryable, userId: number) {
  return db.transaction(async (tx) => {
    const [own] = await organizationsOf(tx, userId);
    if (own) {
      const roles = [...new Set([OrgRole.ADMIN, ...own.org_roles])].sort();
      await tx
        .update(organizationMembers)
        .set({ orgRoles: roles })
        .where(and(eq(organizationMembers.organizationId, own.id), eq(organizationMembers.userId, userId)));
      return { id: own.id, name: own.name };
    }
    const org = (await oldestOrganization(tx)) ?? (await firstOrganization(tx));
    await tx
      .insert(organizationMembers)
      .values({ organizationId: org.id, userId, orgRoles: [OrgRole.ADMIN, OrgRole.MEMBER] });
    return org;
  });
}

async function oldestOrganization(db: Queryable) {
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .orderBy(asc(organizations.id))
    .limit(1);
  return org;
}

async function firstOrganization(db: Queryable) {
  const [org] = await db
    .insert(organizations)
    .values({ name: FIRST_ORGANIZATION_NAME })
    .returning({ id: organizations.id, name: organizations.name });
  return org;
}

/**
 * Disables (or enables) a member. Disabling ends every session of theirs in the same transaction (sign-in
 * reads the row FOR SHARE, so none slips between) and closes their sockets on every instance through the bus.
 * Answers whether anything changed and how many sessions ended.
 */
export async function setMemberDisabled(deps: AppDeps, userId: number, disabled: boolean) {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null })
      .where(and(eq(users.id, userId), disabled ? isNull(users.disabledAt) : isNotNull(users.disabledAt)))
      .returning({ id: users.id });
    if (!row) return null;
    return disabled ? deps.sessions.revokeAll(tx, userId) : [];
  });
  if (ended) deps.realtime.closeSessions(ended);
  return { changed: ended !== null, endedSessions: ended?.length ?? 0 };
}
