import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../test/call';
import { createTestApp, DB_TARGET, freshPostgres, PG_ADMIN_URL, signUp } from '../test/harness';

/**
 * The PostgreSQL server going away and coming back, as one instance sees it (issue 27, decision 0055): the
 * instance reaches the database through a link the test cuts (every connection dropped, new ones refused)
 * and restores. PGlite runs inside the process and cannot go away, so this needs the PostgreSQL server.
 */
class DatabaseLink {
  private readonly sockets = new Set<net.Socket>();
  private up = true;
  private readonly server = net.createServer((client) => this.accept(client));

  constructor(private readonly target: { host: string; port: number }) {}

  listen(): Promise<{ host: string; port: number }> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        resolve({ host: '127.0.0.1', port: (this.server.address() as net.AddressInfo).port });
      });
    });
  }

  private accept(client: net.Socket): void {
    if (!this.up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.target);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  cut(): void {
    this.up = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.up = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const onPostgres = DB_TARGET === 'postgres';
if (!onPostgres)
  console.warn('[orbit] the database outage test needs the PostgreSQL server: left out on PGlite.');

describe.runIf(onPostgres)('the PostgreSQL server gone and back', () => {
  const admin = new URL(PG_ADMIN_URL);
  const link = new DatabaseLink({ host: admin.hostname, port: Number(admin.port || 5432) });
  afterAll(() => link.close());

  it('makes /api/ready 503 naming the database at once, and 200 again when it returns; members are served again', async () => {
    const database = await freshPostgres(await link.listen());
    await database.migrate();
    const { app } = await createTestApp({}, database);
    const member = await signUp(app);
    const ready = () => call(app, 'readiness');
    expect((await ready()).statusCode).toBe(200);

    link.cut();
    const gone = await ready();
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toMatchObject({ status: 'not_ready', checks: { database: 'down' } });
    const refused = await call(app, 'profiles', { headers: member.headers });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'unavailable' });
    expect(refused.headers['retry-after']).toBe('5');
    expect((await call(app, 'health')).statusCode).toBe(200);

    link.restore();
    await expect.poll(async () => (await ready()).statusCode).toBe(200);
    const served = await call(app, 'profiles', { headers: member.headers });
    expect(served.statusCode).toBe(200);
    expect(served.json().user_profile.user_id).toBe(member.userId);
  });
});
