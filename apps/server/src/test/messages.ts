import { expect } from 'vitest';
import type { App } from '../platform/http';
import { signUp, type TestUser } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls of the messages tests, made as one member through the real routes. */
export function messagesClient(app: App) {
  const call = (user: TestUser, method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });

  const befriend = async (a: TestUser, b: TestUser) => {
    expect((await call(a, 'PUT', 'user/friends/request', { user_id: b.userId })).statusCode).toBe(200);
    expect((await call(b, 'PUT', 'user/friends/request', { user_id: a.userId })).statusCode).toBe(200);
  };

  /** Two new friends and their one-to-one thread. */
  const friendsWithThread = async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await befriend(a, b);
    const res = await call(a, 'POST', 'pms/direct', { user_id: b.userId });
    expect(res.statusCode).toBe(200);
    return { a, b, groupId: res.json().group_id as number };
  };

  const send = (user: TestUser, groupId: number, message: string) =>
    call(user, 'POST', `pms/send/${groupId}`, { message });

  const sendOk = async (user: TestUser, groupId: number, message: string): Promise<number> => {
    const res = await send(user, groupId, message);
    expect(res.statusCode).toBe(200);
    return res.json().pm_id;
  };

  return { call, befriend, friendsWithThread, send, sendOk };
}
