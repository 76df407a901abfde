import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { Agent, FormData, fetch } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeUnlessMissing } from './support/browser';
import { type Cluster, clusterMissingReason, startCluster } from './support/cluster';
import { ResumingSocket } from './support/listener';
import { nginxMissingReason, type RunningNginx, selfSignedCertificate, startNginx } from './support/nginx';
import { freePort, makeTempDir } from './support/server';

/**
 * The reference deployment (issue 27 item 4, docs/operations/): nginx on the very configuration of
 * docs/operations/nginx/orbit.conf terminates TLS in front of two Orbit instances on one PostgreSQL database
 * and Redis. Sign-in, an upload, realtime across instances and a rolling restart go through it. No browser.
 */

const missing = nginxMissingReason() ?? (await clusterMissingReason());
const PASSWORD = 'Orbit-proxy-42';

let cluster: Cluster;
let nginx: RunningNginx;
let dir: string;
let ca: string;
let client: Agent;
/** Each instance's log, across its restarts. */
const logs = ['', ''];

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookies: string[];
}

/** A call through the proxy, trusting the test's certificate; `token` is a member's bearer. */
async function call(method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${nginx.origin}${url}`, {
    method,
    dispatcher: client,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text };
  return { status: res.status, body: json, cookies: res.headers.getSetCookie() };
}

async function ok(method: string, url: string, token?: string, body?: unknown) {
  const answer = await call(method, url, token, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeOneOf([200, 201]);
  return answer.body;
}

interface Member {
  token: string;
  userId: number;
}

async function member(prefix: string): Promise<Member> {
  const username = `${prefix}${randomBytes(3).toString('hex')}`;
  await ok('POST', '/api/register', undefined, {
    email: `${username}@example.test`,
    password: PASSWORD,
    username,
  });
  const token = (await ok('POST', '/api/login', undefined, { identity: username, password: PASSWORD }))
    .user_token as string;
  const profiles = (await ok('GET', '/api/user/profiles', token)) as { user_profile: { user_id: number } };
  return { token, userId: profiles.user_profile.user_id };
}

/** The instances whose log has a line containing `text`. */
const servedBy = (text: string) => [0, 1].filter((index) => logs[index].includes(text));

const countIn = (index: number, text: string) => logs[index].split(text).length - 1;

async function ready(port: number): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/api/ready`)).status;
}

describeUnlessMissing(
  missing && `[orbit e2e] ${missing}: the reference deployment test is left out`,
  'the reference deployment: nginx in front of two instances',
  () => {
    let alice: Member;
    let bob: Member;
    let groupId: number;
    let socket: ResumingSocket;

    beforeAll(async () => {
      dir = makeTempDir('orbit-nginx-');
      const certificate = selfSignedCertificate(dir);
      ca = certificate.pem;
      client = new Agent({ connect: { ca } });
      const ports = [await freePort(), await freePort()];
      cluster = await startCluster({
        ports,
        env: {
          LOG_LEVEL: 'info',
          // One proxy appends to X-Forwarded-For: the setting the reference configuration asks for.
          TRUST_PROXY: '1',
          // As the reference env file sets it: longer than nginx's upstream keepalive_timeout (2 s).
          SHUTDOWN_LINGER_MS: '3000',
          RATE_LIMIT_FACTOR: '1000',
          // Calls are not part of this test: a gateway nobody answers at, so no instance starts a Janus child.
          JANUS_URL: 'ws://127.0.0.1:9',
        },
        onOutput: (index, chunk) => {
          logs[index] += chunk;
        },
      });
      nginx = await startNginx(
        {
          dir,
          httpsPort: await freePort(),
          httpPort: await freePort(),
          upstreams: ports,
          cert: certificate.cert,
          key: certificate.key,
        },
        ca,
      );
    });

    afterAll(async () => {
      socket?.close();
      await nginx?.stop();
      await cluster?.stop();
      await client?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('signs in over https: the cookie is Secure, the client address is the one nginx saw', async () => {
      alice = await member('alice');
      bob = await member('bob');
      const username = `carol${randomBytes(3).toString('hex')}`;
      await ok('POST', '/api/register', undefined, {
        email: `${username}@example.test`,
        password: PASSWORD,
        username,
      });
      const viaProxy = await call('POST', '/api/login', undefined, {
        identity: username,
        password: PASSWORD,
      });
      expect(viaProxy.status).toBe(200);
      const session = viaProxy.cookies.find((cookie) => cookie.startsWith('session='));
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      // The same sign-in straight at an instance, over plain http: not Secure, so the proxy's https made it so.
      const direct = await fetch(`http://127.0.0.1:${cluster.ports[0]}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: username, password: PASSWORD }),
      });
      expect(direct.headers.getSetCookie().find((cookie) => cookie.startsWith('session='))).not.toMatch(
        /Secure/i,
      );

      // From another loopback address, with a forged X-Forwarded-For: the instance sees the address nginx saw.
      const from2 = new Agent({ connect: { ca }, localAddress: '127.0.0.2' });
      const mark = `xff${randomBytes(4).toString('hex')}`;
      const res = await fetch(`${nginx.origin}/api/gv?v=1&${mark}`, {
        dispatcher: from2,
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.status).toBeLessThan(500);
      await from2.close();
      await expect.poll(() => servedBy(mark).length).toBe(1);
      const line = logs[servedBy(mark)[0]].split('\n').find((text) => text.includes(mark));
      expect(line).toContain('"remoteAddress":"127.0.0.2"');
    });

    it('takes an upload above nginx’s default body limit and serves it from either instance', async () => {
      // Noise does not compress: about 1.9 MB of PNG, past the 1 MB nginx takes unless told otherwise.
      const side = 800;
      const png = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .png()
        .toBuffer();
      expect(png.length).toBeGreaterThan(1024 * 1024);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'noise.png');
      const uploaded = await fetch(`${nginx.origin}/api/user/temp_image`, {
        method: 'POST',
        dispatcher: client,
        headers: { authorization: `Bearer ${alice.token}` },
        body: form,
      });
      const text = await uploaded.text();
      expect(uploaded.status, text).toBe(200);
      const imageId = (JSON.parse(text) as { image_id: string | number }).image_id;

      // Round robin sends the two reads to the two instances; both read the shared files.
      const url = `/api/user/temp_image?image_id=${imageId}`;
      for (const _ of [0, 1]) {
        const res = await fetch(`${nginx.origin}${url}`, {
          dispatcher: client,
          headers: { authorization: `Bearer ${alice.token}` },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^image\//);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      await expect.poll(() => servedBy(`"url":"${url}"`)).toEqual([0, 1]);
    });

    it('delivers an event over a socket on one instance for a write that landed on the other', async () => {
      await ok('PUT', '/api/user/friends/request', alice.token, { user_id: bob.userId });
      await ok('PUT', '/api/user/friends/request', bob.token, { user_id: alice.userId });
      groupId = (await ok('POST', '/api/pms/direct', alice.token, { user_id: bob.userId }))
        .group_id as number;

      socket = new ResumingSocket(async () => {
        const url = (await ok('GET', '/api/wsurl', bob.token)).url as string;
        // The socket URL is the proxy's own origin, over TLS: Host and X-Forwarded-Proto passed through.
        expect(url.startsWith(`wss://127.0.0.1:${new URL(nginx.origin).port}/api/ws?`)).toBe(true);
        return url;
      }, ca);
      await socket.open();
      const ticket = socket.tickets[0];
      await expect.poll(() => servedBy(ticket).length).toBe(1);
      const other = 1 - servedBy(ticket)[0];

      const before = countIn(other, `/api/pms/send/${groupId}`);
      const sent: number[] = [];
      for (const message of ['hello through the proxy', 'and again']) {
        sent.push((await ok('POST', `/api/pms/send/${groupId}`, alice.token, { message })).pm_id as number);
      }
      await expect.poll(() => countIn(other, `/api/pms/send/${groupId}`)).toBeGreaterThan(before);
      await expect.poll(() => sent.every((id) => socket.messages.has(id))).toBe(true);
    });

    it('restarts both instances one after the other: no write lost, no event lost, no 5xx', async () => {
      const acknowledged: number[] = [];
      const failures: string[] = [];
      let writing = true;
      const loop = (async () => {
        for (let n = 1; writing; n++) {
          try {
            const sent = await call('POST', `/api/pms/send/${groupId}`, alice.token, {
              message: `steady ${n}`,
            });
            if (sent.status === 200) acknowledged.push(sent.body.pm_id as number);
            else failures.push(`send ${n}: ${sent.status} ${JSON.stringify(sent.body)}`);
            // A read every other write: three requests a round, so round robin sends writes to both instances.
            if (n % 2 === 0) {
              const read = await call('GET', `/api/pms/list/${groupId}`, bob.token);
              if (read.status >= 500) failures.push(`read ${n}: ${read.status}`);
            }
          } catch (err) {
            failures.push(`${n}: ${(err as Error).message}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const writesAfter = async (count: number) => {
        const target = acknowledged.length + count;
        await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(target);
      };

      await writesAfter(10);
      const proxied = '"url":"/api/pms/';
      for (const index of [0, 1]) {
        await cluster.restart(index);
        await expect.poll(() => ready(cluster.ports[index])).toBe(200);
        // As an operator does (docs/operations/README.md): the next instance stops only once nginx, which
        // passed this one over while it was down, sends it requests again.
        const served = countIn(index, proxied);
        await expect.poll(() => countIn(index, proxied), { timeout: 60_000 }).toBeGreaterThan(served);
        await writesAfter(10);
      }
      writing = false;
      await loop;

      expect(failures).toEqual([]);
      // The instance holding the socket drained: it closed with 1012 and the client resumed elsewhere.
      expect(socket.closeCodes).toContain(1012);
      await expect
        .poll(() => acknowledged.filter((id) => !socket.messages.has(id)), { timeout: 30_000 })
        .toEqual([]);
      // Every personal event once, in order, from the first socket's position on: none lost across resumes.
      const first = (socket.start ?? 0) + 1;
      expect(socket.ids).toEqual(Array.from({ length: socket.ids.length }, (_, i) => first + i));
      expect(socket.problems).toEqual([]);
    }, 300_000);
  },
);
