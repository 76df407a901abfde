import { expect } from 'vitest';
import type { App } from '../platform/http';
import { call } from './call';
import { signUp, type TestUser } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls of the messages tests, made as one member through the real routes. */
export function messagesClient(app: App) {
  const rawCall = (user: TestUser, method: Method, url: string, payload?: object) =>
    app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });

  const ask = (from: TestUser, to: TestUser) =>
    call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });
  const befriend = async (a: TestUser, b: TestUser) => {
    expect((await ask(a, b)).statusCode).toBe(200);
    expect((await ask(b, a)).statusCode).toBe(200);
  };

  /** Two new friends and their one-to-one thread. */
  const friendsWithThread = async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await befriend(a, b);
    const res = await call(app, 'directThread', { headers: a.headers, body: { user_id: b.userId } });
    expect(res.statusCode).toBe(200);
    return { a, b, groupId: res.json().group_id };
  };

  const send = (user: TestUser, groupId: number, message: string) =>
    call(app, 'sendMessage', { headers: user.headers, params: { group_id: groupId }, body: { message } });

  const sendOk = async (user: TestUser, groupId: number, message: string): Promise<number> => {
    const res = await send(user, groupId, message);
    expect(res.statusCode).toBe(200);
    return res.json().pm_id;
  };

  return {
    /** @deprecated Call endpoints by name with `call` from './call', which types their input and answer. */
    call: rawCall,
    befriend,
    friendsWithThread,
    send,
    sendOk,
  };
}
