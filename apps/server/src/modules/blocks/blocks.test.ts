import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const { app } = await createTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });
const blockOf = (a: TestUser, b: TestUser) => call(a, 'PUT', `user/blocks/${b.userId}`);
const befriend = async (a: TestUser, b: TestUser) => {
  expect((await call(a, 'PUT', 'user/friends/request', { user_id: b.userId })).statusCode).toBe(200);
  expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
};
const pair = async () => [await signUp(app), await signUp(app)] as const;

describe('PUT, DELETE and GET /user/blocks', () => {
  it('blocks idempotently, lists the blocked member, and unblocks idempotently', async () => {
    const [a, b] = await pair();
    expect((await blockOf(a, b)).json()).toEqual({ ok: true });
    expect((await blockOf(a, b)).statusCode).toBe(200);
    const list = await call(a, 'GET', 'user/blocks');
    expect(list.statusCode).toBe(200);
    expect(list.json().blocks).toEqual([
      { user_id: b.userId, screen_name: expect.any(String), blocked_at: expect.any(String) },
    ]);
    expect((await call(b, 'GET', 'user/blocks')).json()).toEqual({ blocks: [] });
    expect((await call(a, 'DELETE', `user/blocks/${b.userId}`)).json()).toEqual({ ok: true });
    expect((await call(a, 'DELETE', `user/blocks/${b.userId}`)).statusCode).toBe(200);
    expect((await call(a, 'GET', 'user/blocks')).json()).toEqual({ blocks: [] });
  });

  it('refuses blocking oneself (400 cannot_block_self) and an unknown member (404)', async () => {
    const a = await signUp(app);
    const self = await call(a, 'PUT', `user/blocks/${a.userId}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('cannot_block_self');
    const unknown = await call(a, 'PUT', 'user/blocks/2147483000');
    expect(unknown.statusCode).toBe(404);
    expect((await call(a, 'DELETE', 'user/blocks/2147483000')).statusCode).toBe(404);
    expect((await call(a, 'GET', 'user/blocks')).json()).toEqual({ blocks: [] });
  });

  it('holds under concurrent blocks of the same pair, both ways', async () => {
    const [a, b] = await pair();
    await befriend(a, b);
    const answers = await Promise.all([blockOf(a, b), blockOf(b, a), blockOf(a, b), blockOf(b, a)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await call(a, 'GET', 'user/blocks')).json().blocks).toHaveLength(1);
    expect((await call(b, 'GET', 'user/blocks')).json().blocks).toHaveLength(1);
  });
});

describe('a block ends every tie', () => {
  it('ends the friendship both ways and takes each off the other star set', async () => {
    const [a, b] = await pair();
    await befriend(a, b);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(Object.keys((await call(x, 'GET', 'user/friends')).json().friends)).not.toContain(
        String(y.userId),
      );
      const stars = (await call(x, 'GET', 'user/profiles')).json().stars as { user_id?: number }[];
      expect(stars.some((s) => s.user_id === y.userId)).toBe(false);
    }
  });

  it('withdraws a pending request either way, and refuses a new one both ways (403 blocked)', async () => {
    const [a, b] = await pair();
    expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
    expect((await blockOf(a, b)).statusCode).toBe(200);
    for (const user of [a, b]) {
      const requests = (await call(user, 'GET', 'user/friends/requests')).json();
      expect(requests).toEqual({ incoming: {}, outgoing: {} });
    }
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await call(x, 'PUT', 'user/friends/request', { user_id: y.userId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('blocked');
    }
    // Unblocked, they may ask again.
    expect((await call(a, 'DELETE', `user/blocks/${b.userId}`)).statusCode).toBe(200);
    expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
  });
});
