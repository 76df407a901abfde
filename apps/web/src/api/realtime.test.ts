// @vitest-environment jsdom

import { EventSubtype, EventType, UI_TIMINGS, WS_CLOSE } from '@orbit/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../test/events';
import { type Arrival, SocketServer, send } from '../test/socketServer';
import { RealtimeClient, useRealtimeStatus } from './realtime';

const post = (id: number) =>
  envelope(EventType.USER_POST, EventSubtype.NEW, { id } as never, id) as ReturnType<typeof envelope>;

let server: SocketServer;
let client: RealtimeClient;
afterEach(async () => {
  client.stop();
  await server.close();
});

/** A client on a fresh server, its first socket open and told its positions. */
async function connected(personal: number) {
  server = new SocketServer();
  const events: { id: number; replay: boolean }[] = [];
  let stale = 0;
  client = new RealtimeClient(
    { onEvent: (event, replay) => events.push({ id: event.id, replay }), onStale: () => (stale += 1) },
    async () => server.address,
  );
  client.start();
  const first = await server.arrival(0);
  send(first, { type: 'POSITIONS', personal, channels: {} });
  return { first, events, staleCount: () => stale };
}

const status = () => useRealtimeStatus.getState().state;
const firstMessage = async (arrival: Arrival) =>
  JSON.parse(arrival.received[0] ?? (await arrival.nextMessage())) as unknown;

/** Checks a live socket as if it had been quiet for a check's interval: it pings. Returns that moment. */
async function pingedWhenQuiet(arrival: Arrival): Promise<number> {
  await expect.poll(() => status().status).toBe('live');
  const quiet = Date.now() + UI_TIMINGS.realtimeStatusCheckMs;
  client.check(quiet);
  expect(await firstMessage(arrival)).toEqual({ type: 'ping' });
  return quiet;
}

describe('realtime client', () => {
  it('names the watched channels in each socket url and tells an open socket when they change', async () => {
    server = new SocketServer();
    client = new RealtimeClient(
      { onEvent: () => undefined, onStale: () => undefined },
      async () => server.address,
    );
    client.watch([3]);
    client.start();
    const first = await server.arrival(0);
    expect(decodeURIComponent(first.url)).toContain('w=3');
    send(first, { type: 'POSITIONS', personal: 0, channels: { 3: 0, 9: 0 } });
    await expect.poll(() => status().status).toBe('live');

    client.watch([3, 9]);
    expect(await firstMessage(first)).toEqual({
      type: 'watch',
      communities: [3, 9],
    });
    first.socket.close(WS_CLOSE.goingAway, 'restart');
    const second = await server.arrival(1);
    expect(decodeURIComponent(second.url)).toContain('w=3,9');
  });

  it('resumes from its positions when a draining server closes with 1012, as on any close', async () => {
    const { first, events } = await connected(5);
    send(first, { type: 'POSITIONS', personal: 5, channels: { 12: 40 } });
    send(first, post(6));
    await expect.poll(() => events.length).toBe(1);
    first.socket.close(WS_CLOSE.serviceRestart, 'service restart');

    const second = await server.arrival(1);
    expect(second.url).toContain('since=6');
    expect(decodeURIComponent(second.url)).toContain('ch=12:40');
  });

  it('keeps what a resume replays and refetches nothing', async () => {
    const { first, events, staleCount } = await connected(5);
    send(first, post(6));
    await expect.poll(() => events).toEqual([{ id: 6, replay: false }]);
    first.socket.terminate();

    const second = await server.arrival(1);
    expect(second.url).toContain('since=6');
    // The ping of a resume: the server answers it once every stream has caught up.
    expect(await firstMessage(second)).toEqual({ type: 'ping' });
    send(second, post(7));
    send(second, { type: 'pong' });
    send(second, post(8));
    await expect.poll(() => events.length).toBe(3);
    expect(events.slice(1)).toEqual([
      { id: 7, replay: true },
      { id: 8, replay: false },
    ]);
    expect(status()).toMatchObject({ status: 'live', catchingUp: false, lastId: 8 });
    expect(staleCount()).toBe(0);
  });

  it('refetches when the server answers a resume with RESYNC, and resumes from its positions next', async () => {
    const { first, staleCount } = await connected(90);
    first.socket.terminate();

    const second = await server.arrival(1);
    expect(second.url).toContain('since=90');
    send(second, { type: 'RESYNC' });
    send(second, { type: 'POSITIONS', personal: 3, channels: {} });
    await expect.poll(staleCount).toBe(1);
    await expect.poll(() => status().lastId).toBe(3);
    second.socket.terminate();

    expect((await server.arrival(2)).url).toContain('since=3');
    expect(staleCount()).toBe(1);
  });

  it('pings a quiet socket and replaces it when no pong comes back', async () => {
    const { first } = await connected(5);
    const quiet = await pingedWhenQuiet(first);

    // The server never answers: the socket is half-open, still OPEN on both sides, and is replaced.
    client.check(quiet + UI_TIMINGS.realtimePongTimeoutMs);
    const second = await server.arrival(1);
    expect(second.url).toContain('since=5');
  });

  it('keeps a socket whose pong comes back', async () => {
    const { first } = await connected(5);
    const quiet = await pingedWhenQuiet(first);
    send(first, { type: 'pong' });
    // Sent after the pong, so once it shows the pong has been read.
    send(first, { type: 'POSITIONS', personal: 6, channels: {} });
    await expect.poll(() => status().lastId).toBe(6);

    client.check(quiet + UI_TIMINGS.realtimePongTimeoutMs);
    expect(status().status).toBe('live');
    expect(JSON.parse(await first.nextMessage())).toEqual({ type: 'ping' });
  });
});
