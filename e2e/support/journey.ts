import { afterAll, beforeAll } from 'vitest';
import { assertWebAppBuilt, type OrbitServer, type ServerOptions, startServer } from './server';

/**
 * A journey file's own server, started once before its tests (the web app must be built) and stopped after
 * them. The object answered is filled in when the server is up, so the file's tests use it as they are.
 */
export function serverForFile(opts: ServerOptions = {}): OrbitServer {
  const server = {} as OrbitServer;
  beforeAll(async () => {
    assertWebAppBuilt();
    Object.assign(server, await startServer(opts));
  });
  afterAll(async () => {
    await server.stop?.();
  });
  return server;
}
