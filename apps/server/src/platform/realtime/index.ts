import type { FastifyInstance } from 'fastify';
import type { EventPublisher } from '../tx';

/** What the rest of the server sees of the realtime hub (implemented in hub.ts). */
export interface Realtime extends EventPublisher {
  /** Registers GET /api/wsurl and the /api/ws socket route. */
  registerRoutes(app: FastifyInstance): void;
  /** Closes every socket of these ended sessions, on every instance (through the bus); never throws. */
  closeSessions(sessionIds: number[]): void;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Live writes that threw since start (each closed its socket, which resumed): 0 unless there is a bug. */
  liveWriteFailures(): number;
}
