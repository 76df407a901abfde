import { CommunityRole, OrgRole, OwnerType } from '@orbit/contract';
import { expect } from 'vitest';
import { communities, communityMembers, organizationMembers, organizations } from '../db/schema';
import { type TestContext, type TestUser, uniqueName } from './harness';

/** Test helpers of the communities tests: calls as a member, and a world made straight in the database. */
export function communityFixtures(ctx: TestContext) {
  const { app, deps } = ctx;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });

  async function organisation(members: { user: TestUser; roles: number[] }[]): Promise<number> {
    const [org] = await deps.db
      .insert(organizations)
      .values({ name: uniqueName('org') })
      .returning({ id: organizations.id });
    await deps.db
      .insert(organizationMembers)
      .values(members.map((m) => ({ organizationId: org.id, userId: m.user.userId, orgRoles: m.roles })));
    return org.id;
  }

  /** An organisation whose admin (role 2) is `admin`, with `members` as ordinary members. */
  const adminOf = (admin: TestUser, members: TestUser[] = []) =>
    organisation([
      { user: admin, roles: [OrgRole.ADMIN, OrgRole.MEMBER] },
      ...members.map((user) => ({ user, roles: [OrgRole.MEMBER] })),
    ]);

  async function makeFriends(a: TestUser, b: TestUser) {
    expect((await call(a, 'PUT', 'user/friends/request', { user_id: b.userId })).statusCode).toBe(200);
    expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
  }

  /** A community written directly, `expert` its expert: for kinds the create form cannot make. */
  async function community(
    expert: TestUser,
    fields: Partial<typeof communities.$inferInsert> = {},
    members: TestUser[] = [],
  ): Promise<number> {
    const [row] = await deps.db
      .insert(communities)
      .values({
        name: uniqueName('Club'),
        color: '#1b2a4a',
        initials: 'C',
        ownerType: OwnerType.USER,
        ownerId: expert.userId,
        ...fields,
      })
      .returning({ id: communities.id });
    await deps.db
      .insert(communityMembers)
      .values([
        { communityId: row.id, userId: expert.userId, role: CommunityRole.EXPERT },
        ...members.map((m) => ({ communityId: row.id, userId: m.userId, role: CommunityRole.MEMBER })),
      ]);
    return row.id;
  }

  const join = (user: TestUser, id: number, extra: object = {}) =>
    call(user, 'POST', 'join/community/', { id, community_role: 4, ...extra });

  const memberIds = async (viewer: TestUser, id: number) =>
    ((await call(viewer, 'GET', `communities/${id}/members`)).json().members as { id: number }[]).map(
      (m) => m.id,
    );

  return { call, organisation, adminOf, makeFriends, community, join, memberIds };
}
