import { randomBytes } from 'node:crypto';
import { WS_CLOSE } from '@orbit/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { EVENTUALLY, openTestDatabase, signUp, type TestContext, testConfig } from '../../test/harness';
import { emit, listen, onInstance, TestSocket, wsUrl } from '../../test/realtime';
import { REDIS_TEST_URL, redisAnswers } from '../../test/redis';
import { anotherDevice } from '../../test/security';
import { createDeps } from '../../wiring';
import { MemoryStorage } from '../storage';
import {
  type BusMessage,
  decodeBusMessage,
  decodeSessionsClosed,
  encodeBusMessage,
  encodeSessionsClosed,
} from './bus';
import { RedisBus } from './redis-bus';

const REDIS_URL = REDIS_TEST_URL;

describe('bus wire form', () => {
  it('round-trips recipients and the shared part verbatim', () => {
    const message: BusMessage = {
      kind: 'personal',
      recipients: [{ userId: 7, seq: 812 }],
      rest: '"type":"PM","data":{"text":"a\\nb"}}',
    };
    expect(decodeBusMessage(encodeBusMessage(message))).toEqual(message);
  });

  it('carries session closures as their own kind, which the event decoder drops', () => {
    const raw = encodeSessionsClosed({ sessionIds: [3, 9] });
    expect(decodeSessionsClosed(raw)).toEqual({ sessionIds: [3, 9] });
    expect(decodeBusMessage(raw)).toBeNull();
    expect(
      decodeSessionsClosed(encodeBusMessage({ kind: 'personal', recipients: [], rest: '{}' })),
    ).toBeNull();
    expect(decodeSessionsClosed('sessions-closed\n["x"]')).toBeNull();
  });

  it('drops what is not a bus message', () => {
    expect(decodeBusMessage('no separator')).toBeNull();
    expect(decodeBusMessage('{"a":1}\n"type":"PM"}')).toBeNull();
    expect(decodeBusMessage('[[1,"x"]]\n"type":"PM"}')).toBeNull();
  });
});

/** Unique per run, so that parallel runs on one Redis never cross. */
function uniqueChannel(): string {
  return `orbit-test:${process.pid}:${randomBytes(4).toString('hex')}`;
}

describe('Redis bus subscription without Redis', () => {
  it('fails the start instead of waiting forever for a connection that is refused', async () => {
    // Port 1 on loopback refuses at once; retries are off so that nothing lingers after the test.
    const unreachable = () => new Redis('redis://127.0.0.1:1', { retryStrategy: () => null });
    const publisher = unreachable();
    publisher.on('error', () => {});
    const bus = new RedisBus(publisher, unreachable(), uniqueChannel());
    await expect(bus.subscribe(() => {})).rejects.toThrow();
    await bus.close();
    publisher.disconnect();
  });
});

type Instance = Awaited<ReturnType<typeof startInstance>>;

/** Two instances on one database, one Redis and one channel. */
async function startInstance(database: Database, channel: string) {
  // Sessions are checked rarely, so that only a closure carried by the bus can close a socket.
  const config = testConfig({ redisUrl: REDIS_URL, socketSessionCheckMs: 600_000 });
  const { deps, redis, close } = await createDeps(config, database, {
    storage: new MemoryStorage(),
    busChannel: channel,
  });
  const app = await buildApp(deps, { logger: false, redis });
  await app.ready();
  await deps.realtime.start();
  const origin = await listen(app);
  return {
    app,
    deps,
    origin,
    close: async () => {
      await app.close();
      await close();
    },
  };
}

if (await redisAnswers()) {
  describe('Redis bus subscription', () => {
    it('hears what is published when it subscribes while its connection is still in its handshake', async () => {
      const channel = uniqueChannel();
      const publisher = new Redis(REDIS_URL);
      const subscriber = new Redis(REDIS_URL);
      const bus = new RedisBus(publisher, subscriber, channel);
      const heard: BusMessage[] = [];
      try {
        // 'connect' comes before ioredis's own ready check: a busy process starting up subscribes right there.
        await new Promise<void>((resolve, reject) => {
          subscriber.once('connect', () => bus.subscribe((m) => heard.push(m)).then(resolve, reject));
        });
        await vi.waitFor(() => expect(subscriber.status).toBe('ready'), { timeout: 10_000 });
        expect(await publisher.pubsub('NUMSUB', channel)).toEqual([channel, 1]);
        const message: BusMessage = {
          kind: 'personal',
          recipients: [{ userId: 7, seq: 1 }],
          rest: '"type":"PM","data":{}}',
        };
        await bus.publish(message);
        await vi.waitFor(() => expect(heard).toEqual([message]), { timeout: 10_000 });
      } finally {
        await bus.close();
        publisher.disconnect();
      }
    });
  });

  describe('Redis bus between instances', () => {
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      const database = await openTestDatabase();
      const channel = uniqueChannel();
      a = await startInstance(database, channel);
      b = await startInstance(database, channel);
      afterAll(async () => {
        await a.close();
        await b.close();
        await database.close();
      });
    });

    it('delivers a community channel event written on one instance to members on another', async () => {
      const [expert, member] = [await signUp(a.app), await signUp(a.app)];
      const { community } = feedFixtures({ app: a.app, deps: a.deps } as TestContext);
      const communityId = await community(expert, [member]);
      const onB = await TestSocket.open(onInstance(await wsUrl(a.origin, member), b.origin), b.origin);
      await onB.live();

      const posted = await call(a.app, 'createCommunityPost', {
        headers: expert.headers,
        body: { community_id: communityId, message: 'hi B' },
      });
      expect(posted.statusCode).toBe(200);
      await onB.received(1);
      expect(onB.messages).toMatchObject([{ id: 1, ch: communityId, data: { message: 'hi B' } }]);
      onB.close();
    });

    it('delivers an event committed on one instance to a socket on another', async () => {
      const user = await signUp(a.app);
      // The ticket comes from instance A and is redeemed by B: tickets live in the shared database.
      const url = onInstance(await wsUrl(a.origin, user), b.origin);
      const onB = await TestSocket.open(url, b.origin);
      await onB.live();
      const onA = await TestSocket.open(await wsUrl(a.origin, user), a.origin);
      await onA.live();

      await emit(a.deps, [user.userId], { user_id: 1 });
      await emit(b.deps, [user.userId], { user_id: 2 });
      for (const socket of [onA, onB]) {
        await socket.received(2);
        expect(socket.messages.map((m) => [m.id, m.data])).toEqual([
          [1, { user_id: 1 }],
          [2, { user_id: 2 }],
        ]);
        socket.close();
      }
    });

    it('closes the sockets of a session signed out on one instance on the other too', async () => {
      const user = await signUp(a.app);
      const onB = await TestSocket.open(onInstance(await wsUrl(a.origin, user), b.origin), b.origin);
      await onB.live();
      const signOut = await call(a.app, 'logout', { headers: user.headers });
      expect(signOut.statusCode).toBe(200);
      await vi.waitFor(() => expect(onB.ws.readyState).toBe(onB.ws.CLOSED), EVENTUALLY);
      expect(await onB.closed).toBe(WS_CLOSE.unauthorized);
    });

    it('closes on the other instance the sockets of a device signed out from the settings', async () => {
      const user = await signUp(a.app);
      const stranger = await signUp(a.app);
      const other = await anotherDevice(a.app, user);
      const onB = await TestSocket.open(onInstance(await wsUrl(a.origin, other), b.origin), b.origin);
      await onB.live();
      const strangerOnB = await TestSocket.open(
        onInstance(await wsUrl(a.origin, stranger), b.origin),
        b.origin,
      );
      await strangerOnB.live();
      const signOut = await call(a.app, 'revokeOtherSessions', { headers: user.headers });
      expect(signOut.statusCode).toBe(200);
      await vi.waitFor(() => expect(onB.ws.readyState).toBe(onB.ws.CLOSED), EVENTUALLY);
      expect(await onB.closed).toBe(WS_CLOSE.unauthorized);
      await strangerOnB.live();
      strangerOnB.close();
    });
  });
} else {
  console.warn(
    `[orbit] Redis at ${REDIS_URL} did not answer: the two-instance Redis bus test is left out of this run.`,
  );
}
