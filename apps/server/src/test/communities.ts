import { CommunityRole, type JoinCommunityBody, OrgRole, OwnerType } from '@orbit/contract';
import { expect } from 'vitest';
import { communities, communityMembers, organizationMembers, organizations } from '../db/schema';
import { call } from './call';
import { type TestContext, type TestUser, uniqueName } from './harness';

/** Test helpers of the communities tests: a world made straight in the database, and calls that build it. */
export function communityFixtures(ctx: TestContext) {
  const { app, deps } = ctx;
  /**
   * @deprecated use call() from ./call, by the endpoint's name: a path written here by hand escapes the
   * typecheck. Kept for the tests that still use it.
   */
  const callAs = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
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
    const request = (from: TestUser, to: TestUser) =>
      call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });
    expect((await request(a, b)).statusCode).toBe(200);
    expect((await request(b, a)).statusCode).toBe(200);
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

  const join = (user: TestUser, id: number, extra: Partial<JoinCommunityBody> = {}) =>
    call(app, 'joinCommunity', { headers: user.headers, body: { id, community_role: 4, ...extra } });

  const memberIds = async (viewer: TestUser, id: number) =>
    (await call(app, 'communityMembers', { params: { id }, headers: viewer.headers }))
      .json()
      .members.map((m) => m.id);

  return { call: callAs, organisation, adminOf, makeFriends, community, join, memberIds };
}
