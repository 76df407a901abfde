import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendText } from './wire';

let server: WebSocketServer | null = null;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** A real ws server with `count` clients; answers the server's side of each and what each client receives. */
async function pairs(count: number, perMessageDeflate: boolean) {
  server = new WebSocketServer({ port: 0, perMessageDeflate });
  const accepted: WebSocket[] = [];
  server.on('connection', (socket) => accepted.push(socket));
  const { port } = server.address() as AddressInfo;
  const received: string[][] = [];
  await Promise.all(
    Array.from({ length: count }, (_, i) => {
      received.push([]);
      const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate });
      clients.push(client);
      client.on('message', (data, isBinary) => received[i].push(`${isBinary ? 'binary' : 'text'}:${data}`));
      return new Promise((resolve) => client.on('open', resolve));
    }),
  );
  await expect.poll(() => accepted.length).toBe(count);
  return { accepted, received };
}

describe('sendText', () => {
  it('delivers one payload, framed once, intact and in order to every socket, short and long', async () => {
    const { accepted, received } = await pairs(3, false);
    const short = Buffer.from('{"seq":1}');
    const long = Buffer.from(JSON.stringify({ seq: 2, text: 'é'.repeat(70_000) }));
    for (const socket of accepted) sendText(socket, short);
    for (const socket of accepted) sendText(socket, long);
    const expected = [`text:${short}`, `text:${long}`];
    await expect.poll(() => received).toEqual([expected, expected, expected]);
  });

  it('leaves the framing to ws where compression was agreed', async () => {
    const { accepted, received } = await pairs(2, true);
    expect(accepted[0].extensions).toContain('permessage-deflate');
    const payload = Buffer.from(JSON.stringify({ seq: 1, text: 'walk '.repeat(400) }));
    for (const socket of accepted) sendText(socket, payload);
    await expect.poll(() => received).toEqual([[`text:${payload}`], [`text:${payload}`]]);
  });
});
