import type { FastifyInstance } from 'fastify';
import type { EventPublisher } from '../tx';
import type { ChannelOrderStats } from './channel-order';
import type { StreamListener } from './stream-hearing';

/** What the rest of the server sees of the realtime hub (implemented in hub.ts). */
export interface Realtime extends EventPublisher {
  /** Registers GET /api/wsurl and the /api/ws socket route. */
  registerRoutes(app: FastifyInstance): void;
  /** Closes every socket of these ended sessions, on every instance (through the bus); never throws. */
  closeSessions(sessionIds: number[]): void;
  start(): Promise<void>;
  /**
   * The instance drains (SIGTERM): every socket closes with 1012 (service restart), so that its client resumes
   * at another instance from its position, and no new one is taken (decision 0055).
   */
  drain(): void;
  /** Whether sockets are taken (false once draining). */
  readonly accepting: boolean;
  /**
   * What the metrics read: sockets open on this instance, event frames written since start, and the channel
   * changes held back for order (decision 0081).
   */
  stats(): { sockets: number; delivered: number; channelOrder: ChannelOrderStats };
  /** Community channels followed by this instance's sockets but not watched: their frames pass by (0084). */
  quietChannels(): number;
  /** Tells a kept read where streams move and whether every instance's events are heard (decision 0076). */
  hearStreams(listener: StreamListener): void;
  close(): Promise<void>;
  /** Live writes that threw since start (each closed its socket, which resumed): 0 unless there is a bug. */
  liveWriteFailures(): number;
}
