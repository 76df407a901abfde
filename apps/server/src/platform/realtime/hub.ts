import { WS_CLOSE } from '@orbit/contract';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CommittedBatch } from '../tx';
import type { Bus } from './bus';
import { Connection } from './connection';
import {
  type ChannelMembership,
  channelFramesAfter,
  framesAfter,
  planResume,
  type ResumeAsk,
} from './history';
import type { Realtime } from './index';
import { OutboxSweeper, publishRows } from './outbox';
import { registerRealtimeRoutes } from './routes';
import { LocalSockets } from './sockets';
import type { TicketHolder } from './tickets';

export interface RealtimeDeps {
  db: Db;
  bus: Bus;
  config: Pick<Config, 'wsMaxBufferedBytes' | 'outboxSweepMs' | 'publicUrl' | 'rateLimitFactor'>;
  log: Logger;
  /** The communities a member belongs to: their sockets follow those channels. */
  membershipsOf(userId: number): Promise<ChannelMembership[]>;
}

/**
 * The realtime hub of one instance: it publishes committed events on the bus, delivers what the bus carries
 * to this instance's sockets, and sweeps the outbox for events whose publish was lost.
 */
export function createRealtime(deps: RealtimeDeps): Realtime {
  const { db, bus, config, log } = deps;
  const sockets = new LocalSockets();
  const sweeper = new OutboxSweeper(db, bus, config.outboxSweepMs, log);
  const publishing = new Set<Promise<void>>();
  let started = false;

  const connect = (socket: WebSocket, holder: TicketHolder, ask: ResumeAsk) => {
    const { userId } = holder;
    const connection = new Connection(userId, socket, {
      maxBufferedBytes: config.wsMaxBufferedBytes,
      personalAfter: (id, afterSeq) => framesAfter(db, id, afterSeq),
      channelAfter: (communityId, id, afterSeq) => channelFramesAfter(db, communityId, id, afterSeq),
      channels: sockets,
      onFailure: (err) => log.warn({ err, userId }, 'socket backlog read failed'),
    });
    // Registered (and its channels followed) before the resume plan is read, so that nothing published
    // meanwhile is missed: it is held until the plan says where each stream starts.
    sockets.add(connection);
    socket.on('close', () => sockets.remove(connection));
    socket.on('message', (raw) => connection.receive(raw));
    deps
      .membershipsOf(userId)
      .then(async (memberships) => {
        connection.prepare(memberships.map((m) => m.communityId));
        await connection.open(await planResume(db, userId, ask, memberships));
      })
      .catch((err) => {
        log.warn({ err, userId }, 'socket resume failed');
        connection.close(WS_CLOSE.internal, 'resume failed');
      });
  };

  return {
    publishCommitted(batch: CommittedBatch) {
      // Never throws into the caller: whatever fails here stays unpublished and the sweeper retries it.
      const done = publishRows(db, bus, batch)
        .catch((err) => log.warn({ err }, 'publish after commit failed; the sweeper will retry'))
        .finally(() => publishing.delete(done));
      publishing.add(done);
    },
    noteRetry(place: string, code: string, attempt: number) {
      log.warn({ place, code, attempt }, 'unit of work lost a database race and runs again');
    },
    registerRoutes(app: FastifyInstance) {
      registerRealtimeRoutes(app, {
        db,
        publicUrl: config.publicUrl,
        rateLimitFactor: config.rateLimitFactor,
        connect,
      });
    },
    async start() {
      if (started) return;
      started = true;
      await bus.subscribe((message) => sockets.deliver(message));
      sweeper.start();
    },
    async close() {
      await sweeper.stop();
      await Promise.all(publishing);
      sockets.closeAll(WS_CLOSE.goingAway, 'server closing');
      await bus.close();
    },
  };
}
