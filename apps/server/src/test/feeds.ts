import { AccessType, CommunityRole } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { communities, communityMembers, friendships, users } from '../db/schema';
import { call as callEndpoint } from './call';
import type { TestContext, TestUser } from './harness';
import { eventsReceived, type ReceivedMark, receivedMark } from './realtime';

/** Test support for the feed tests: communities and friendships written straight into the database. */
export function feedFixtures(ctx: TestContext) {
  const { app, deps } = ctx;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });

  const befriend = (a: TestUser, b: TestUser) =>
    deps.db.insert(friendships).values([
      { userId: a.userId, friendId: b.userId },
      { userId: b.userId, friendId: a.userId },
    ]);

  async function community(
    expert: TestUser,
    members: TestUser[],
    accessType: number = AccessType.PUBLIC,
  ): Promise<number> {
    const [row] = await deps.db
      .insert(communities)
      .values({
        name: 'Walkers',
        color: '#ff0000',
        initials: 'W',
        accessType,
        ownerType: 2,
        ownerId: expert.userId,
      })
      .returning({ id: communities.id });
    const id = (row as { id: number }).id;
    await deps.db
      .insert(communityMembers)
      .values([
        { communityId: id, userId: expert.userId, role: CommunityRole.EXPERT },
        ...members.map((m) => ({ communityId: id, userId: m.userId, role: CommunityRole.MEMBER })),
      ]);
    return id;
  }

  const setUser = (user: TestUser, fields: Partial<typeof users.$inferInsert>) =>
    deps.db.update(users).set(fields).where(eq(users.id, user.userId));

  /** A community post by `author`, through the API; answers its id. */
  async function post(author: TestUser, communityId: number, message: string): Promise<number> {
    const response = await callEndpoint(app, 'createCommunityPost', {
      headers: author.headers,
      body: { community_id: communityId, message },
    });
    if (response.statusCode !== 200) throw new Error(`the post answered ${response.statusCode}`);
    return response.json().id;
  }

  const eventsOf = (user: TestUser, since?: ReceivedMark) => eventsReceived(deps.db, user.userId, since);
  const lastSeq = (user: TestUser) => receivedMark(deps.db, user.userId);

  return {
    /** @deprecated Call endpoints by name with `call` from './call', which types their input and answer. */
    call,
    befriend,
    community,
    post,
    setUser,
    eventsOf,
    lastSeq,
  };
}
