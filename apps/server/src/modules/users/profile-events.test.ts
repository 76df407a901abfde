import { EventType, type UpdateUserBody } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { listen, TestSocket, wsUrl } from '../../test/realtime';

const ctx = await createTestApp();
const origin = await listen(ctx.app);
const { makeFriends } = communityFixtures(ctx);

const putUser = (user: TestUser, body: UpdateUserBody) =>
  call(ctx.app, 'updateUser', { headers: user.headers, body });

/** A member and their friend, each with a live socket, and the friend's socket empty. */
async function friendsOnline() {
  const member = await signUp(ctx.app);
  const friend = await signUp(ctx.app);
  await makeFriends(member, friend);
  const mine = await TestSocket.open(await wsUrl(origin, member), origin);
  const theirs = await TestSocket.open(await wsUrl(origin, friend), origin);
  await Promise.all([mine.live(), theirs.live()]);
  return { member, mine, theirs };
}

describe('a profile change reaches the member everywhere', () => {
  it("sends USER_PROFILES to the member's other open sockets, and to nobody else", async () => {
    const member = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const phone = await TestSocket.open(await wsUrl(origin, member), origin);
    const laptop = await TestSocket.open(await wsUrl(origin, member), origin);
    const other = await TestSocket.open(await wsUrl(origin, stranger), origin);
    await Promise.all([phone.live(), laptop.live(), other.live()]);

    const res = await putUser(member, { first_name: 'Ada' });
    expect(res.statusCode).toBe(200);

    for (const socket of [phone, laptop]) {
      const [event] = await socket.received(1);
      expect(event).toMatchObject({ type: EventType.USER_PROFILES, id: expect.any(Number) });
    }
    // The stranger's socket answers a ping after the change was delivered: it received nothing.
    await other.live();
    expect(other.messages).toEqual([]);
    for (const socket of [phone, laptop, other]) socket.close();
  });
});

describe('what a change says to the faces around the member (issue 17: no refetch storms)', () => {
  it('tells a friend a new mood as a delta for their star, and the member to refresh their own', async () => {
    const { member, mine, theirs } = await friendsOnline();
    expect((await putUser(member, { gojimoji: { mood: 4 } })).statusCode).toBe(200);

    const [delta] = await theirs.received(1);
    expect(delta).toMatchObject({
      type: EventType.USER_PROFILES,
      data: { user_id: member.userId, gojimoji: { mood: 4, tags: [] } },
    });
    const [own] = await mine.received(1);
    expect(own.data).toEqual({ user_id: member.userId });
    for (const socket of [mine, theirs]) socket.close();
  });

  it('tells a friend to refetch on a new name, and nothing on a change no star shows', async () => {
    const { member, mine, theirs } = await friendsOnline();
    expect((await putUser(member, { height_meter: 1.8 })).statusCode).toBe(200);
    await mine.received(1);
    await theirs.live();
    expect(theirs.messages).toEqual([]);

    expect((await putUser(member, { first_name: 'Grace' })).statusCode).toBe(200);
    const [refresh] = await theirs.received(1);
    expect(refresh.data).toEqual({ user_id: member.userId });
    for (const socket of [mine, theirs]) socket.close();
  });

  it('tells a friend to refetch on a new last name: it is part of the name their star shows (0043)', async () => {
    const { member, mine, theirs } = await friendsOnline();
    expect((await putUser(member, { last_name: 'Hopper' })).statusCode).toBe(200);
    const [refresh] = await theirs.received(1);
    expect(refresh.data).toEqual({ user_id: member.userId });
    for (const socket of [mine, theirs]) socket.close();
  });
});
