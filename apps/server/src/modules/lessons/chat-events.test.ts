import { EventSubtype, EventType, SessionState } from '@orbit/contract';
import { describe, expect, it, vi } from 'vitest';
import { lessonViewers } from '../../db/schema';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { lessonRow } from '../../test/lessons';
import { listen, TestSocket, wsUrl } from '../../test/realtime';

const ctx = await createTestApp();
const { app, deps } = ctx;
const origin = await listen(app);
const fx = communityFixtures(ctx);

const post = (user: TestUser, communityId: number, lessonId: number, message: string) =>
  call(app, 'createLessonPost', {
    headers: user.headers,
    params: { id: communityId, sessionId: lessonId },
    body: { message },
  });
/** Fetching the room enters its VIEWERS list. */
const enter = (user: TestUser, lessonId: number) =>
  call(app, 'lessonRoom', { headers: user.headers, params: { id: lessonId } });

/** A lesson row written straight into the database: the chat needs no media server. */
const lesson = async (communityId: number, host: TestUser, state: number = SessionState.RUNNING) =>
  (await lessonRow(deps, communityId, host, { state })).id;

const online = async (user: TestUser) => {
  const socket = await TestSocket.open(await wsUrl(origin, user), origin);
  await socket.live();
  return socket;
};

const heard = (socket: TestSocket, type: EventType) => socket.messages.filter((m) => m.type === type);

/** Once the post's commit reached `socket` (its SESSION_ACTIVITY arrived and a ping came back after it). */
async function settled(socket: TestSocket) {
  await vi.waitFor(() => expect(heard(socket, EventType.SESSION_ACTIVITY)).not.toHaveLength(0), EVENTUALLY);
  await socket.live();
}

describe('CHAT events of a live lesson room', () => {
  it("tell the room's viewers of a new post, not its author, nor members outside the room or kicked", async () => {
    const [host, viewer, writer, bystander, kicked] = await Promise.all(
      Array.from({ length: 5 }, () => signUp(app)),
    );
    const communityId = await fx.community(host, {}, [viewer, writer, bystander, kicked]);
    const lessonId = await lesson(communityId, host);
    // Fetching the room enters its VIEWERS list; the kicked member stays on record but out.
    for (const user of [viewer, writer]) expect((await enter(user, lessonId)).statusCode).toBe(200);
    await deps.db.insert(lessonViewers).values({ lessonId, userId: kicked.userId, kicked: true });
    const sockets = await Promise.all([host, viewer, writer, bystander, kicked].map(online));
    const [hostSocket, viewerSocket, writerSocket, bystanderSocket, kickedSocket] = sockets;

    const created = await post(writer, communityId, lessonId, '  Breathe in slowly  ');
    expect(created.statusCode).toBe(201);
    for (const socket of [hostSocket, viewerSocket]) {
      await vi.waitFor(() => expect(heard(socket, EventType.CHAT)).toHaveLength(1), EVENTUALLY);
      expect(heard(socket, EventType.CHAT)[0]).toMatchObject({
        subtype: EventSubtype.NEW,
        data: { id: created.json().id, session_id: lessonId, message: 'Breathe in slowly', me: false },
      });
    }
    for (const socket of [writerSocket, bystanderSocket, kickedSocket]) {
      await settled(socket);
      expect(heard(socket, EventType.CHAT)).toEqual([]);
    }
    for (const socket of sockets) socket.close();
  });

  it('stay silent for a post in a lesson that is no longer live', async () => {
    const [host, viewer] = await Promise.all([signUp(app), signUp(app)]);
    const communityId = await fx.community(host, {}, [viewer]);
    const lessonId = await lesson(communityId, host, SessionState.ENDED);
    await deps.db.insert(lessonViewers).values({ lessonId, userId: viewer.userId });
    const socket = await online(viewer);
    expect((await post(host, communityId, lessonId, 'Thanks for coming')).statusCode).toBe(201);
    await settled(socket);
    expect(heard(socket, EventType.CHAT)).toEqual([]);
    socket.close();
  });
  it('stop reaching a viewer who left the room, and reach them again once they come back', async () => {
    const [host, viewer, stayer, stranger] = await Promise.all(Array.from({ length: 4 }, () => signUp(app)));
    const communityId = await fx.community(host, {}, [viewer, stayer]);
    const lessonId = await lesson(communityId, host);
    expect((await enter(stayer, lessonId)).statusCode).toBe(200);
    const stayerSocket = await online(stayer);
    const leave = (user: TestUser) =>
      call(app, 'leaveLessonRoom', { headers: user.headers, params: { id: lessonId } });
    expect((await enter(viewer, lessonId)).statusCode).toBe(200);
    // Leaving twice is one leave; someone outside the community cannot touch the room.
    for (let i = 0; i < 2; i++) expect((await leave(viewer)).json()).toEqual({ ok: true });
    expect((await leave(stranger)).statusCode).toBe(403);
    const socket = await online(viewer);

    expect((await post(host, communityId, lessonId, 'While you were away')).statusCode).toBe(201);
    // The lesson runs on: who stayed hears it, who left does not.
    await vi.waitFor(() => expect(heard(stayerSocket, EventType.CHAT)).toHaveLength(1), EVENTUALLY);
    await settled(socket);
    expect(heard(socket, EventType.CHAT)).toEqual([]);

    expect((await enter(viewer, lessonId)).statusCode).toBe(200);
    expect((await post(host, communityId, lessonId, 'Welcome back')).statusCode).toBe(201);
    await vi.waitFor(() => expect(heard(socket, EventType.CHAT)).toHaveLength(1), EVENTUALLY);
    expect(heard(socket, EventType.CHAT)[0]).toMatchObject({ data: { message: 'Welcome back' } });
    socket.close();
    stayerSocket.close();
  });
});
