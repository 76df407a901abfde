import type { FastifyInstance } from 'fastify';
import type { EventPublisher } from '../tx';

/** What the rest of the server sees of the realtime hub (implemented in hub.ts). */
export interface Realtime extends EventPublisher {
  /** Registers GET /api/wsurl and the /api/ws socket route. */
  registerRoutes(app: FastifyInstance): void;
  start(): Promise<void>;
  close(): Promise<void>;
}
