import http from 'node:http';
import { WS_CLOSE } from '@orbit/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type OrbitServer, startServer } from './support/server';

/**
 * The drain of a real server process (issue 27, decision 0055): SIGTERM while a request is half sent and a
 * socket is open. The request is answered, the socket closes with 1012, the process exits 0. No browser.
 */

let log = '';
let server: OrbitServer;
afterAll(async () => server?.stop());

/**
 * Resolves once the server's log has a line containing `text` (the whole log is shown if it never does). A
 * minute: on a loaded 2-core runner a line has been seen to take longer than the usual 15 s to show.
 */
async function logged(text: string): Promise<void> {
  await expect.poll(() => log, { timeout: 60_000 }).toContain(text);
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('a server told to stop (SIGTERM)', () => {
  it('answers the request in progress, sends its socket on with 1012 and exits 0', async () => {
    server = await startServer({
      env: { LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '10000' },
      onOutput: (chunk) => {
        log += chunk;
      },
    });
    const identity = `drain${Date.now().toString(36)}`;
    const password = 'Orbit-walk-42';
    expect(
      (await post('/api/register', { email: `${identity}@example.test`, password, username: identity }))
        .status,
    ).toBe(201);
    const token = (await post('/api/login', { identity, password })).body.user_token as string;

    // An open socket, told its positions.
    const wsurl = await fetch(`${server.baseUrl}/api/wsurl`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const socket = new WebSocket(((await wsurl.json()) as { url: string }).url);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => socket.once('message', () => resolve()));

    // A request whose body is half sent, on a connection the server has already taken.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve, reject) =>
      http
        .get(`${server.baseUrl}/api/health`, { agent }, (res) => res.resume().on('end', resolve))
        .on('error', reject),
    );
    const body = JSON.stringify({ identity, password });
    // Told apart from the sign-in above by its address, so that its log line is known for its own.
    const inProgress = `/api/login?drain=${identity}`;
    const pending: (() => void)[] = [];
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}${inProgress}`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      // The rest once the server is draining (below).
      pending.push(() => request.end(body.slice(10)));
    });
    await logged(`"url":"${inProgress}"`);

    process.kill(server.pid, 'SIGTERM');
    await logged('draining:');
    for (const finish of pending) finish();

    const reply = await answer;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toHaveProperty('user_token');
    expect(await closed).toBe(WS_CLOSE.serviceRestart);
    expect(await server.exited).toBe(0);
    await logged('drained: exiting');
    agent.destroy();
  });
});
