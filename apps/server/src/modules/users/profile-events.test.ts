import { EventType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../test/harness';
import { listen, TestSocket, wsUrl } from '../../test/realtime';

const ctx = await createTestApp();
const origin = await listen(ctx.app);

describe('a profile change reaches the member everywhere', () => {
  it("sends USER_PROFILES to the member's other open sockets, and to nobody else", async () => {
    const member = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const phone = await TestSocket.open(await wsUrl(origin, member), origin);
    const laptop = await TestSocket.open(await wsUrl(origin, member), origin);
    const other = await TestSocket.open(await wsUrl(origin, stranger), origin);
    await Promise.all([phone.live(), laptop.live(), other.live()]);

    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: member.headers,
      payload: { first_name: 'Ada' },
    });
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
