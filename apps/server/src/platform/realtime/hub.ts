import { WS_CLOSE } from '@orbit/contract';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CommittedBatch, EmitCheck } from '../tx';
import { type Bus, warnUnlessAway } from './bus';
import { logGiveUps } from './channel-order';
import { Connection, type ConnectionOptions } from './connection';
import {
  type ChannelMembership,
  channelFramesAfter,
  framesAfter,
  planResume,
  type ResumeAsk,
} from './history';
import type { Realtime } from './index';
import { OutboxSweeper, publishRows } from './outbox';
import { idsOf, PublishedMarks } from './published-marks';
import { registerRealtimeRoutes } from './routes';
import { SessionSockets, sessionWatch } from './session-sockets';
import { LocalSockets } from './sockets';
import { StreamHearing } from './stream-hearing';
import type { TicketHolder } from './tickets';

export interface RealtimeDeps {
  db: Db;
  bus: Bus;
  config: Pick<Config, 'wsMaxBufferedBytes' | 'outboxSweepMs' | 'publicUrl' | 'socketSessionCheckMs'>;
  log: Logger;
  /** The communities a member belongs to: their sockets follow those channels. */
  membershipsOf(userId: number): Promise<ChannelMembership[]>;
  /** Which of these sessions have ended (SessionStore.endedAmong): their sockets close. */
  endedSessions(sessionIds: number[]): Promise<number[]>;
  /** Checks each emitted payload against the contract's event catalogue (test apps only). */
  checkEmit?: EmitCheck;
}

const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A socket's connection, read by the hub's listeners, which every socket shares (they are called on it). */
const CONNECTION = Symbol('connection');
type HubSocket = WebSocket & { [CONNECTION]?: Connection };

/**
 * The realtime hub of one instance: it publishes committed events on the bus, delivers what the bus carries
 * to this instance's sockets, and sweeps the outbox for events whose publish was lost.
 */
export function createRealtime(deps: RealtimeDeps): Realtime {
  const { db, bus, config, log } = deps;
  let liveWriteFailures = 0;
  let delivered = 0;
  let draining = false;
  const countDelivered = () => {
    delivered += 1;
  };
  const sockets = new LocalSockets((err) => {
    liveWriteFailures += 1;
    log.error({ err }, 'live socket write failed');
  }, logGiveUps(log));
  const sessionSockets = new SessionSockets();
  const hearing = new StreamHearing();
  const watch = sessionWatch(sessionSockets, deps.endedSessions, config.socketSessionCheckMs, log);
  const sweeper = new OutboxSweeper(db, bus, config.outboxSweepMs, log);
  const publishing = new Set<Promise<void>>();
  const marks = new PublishedMarks(db, (err) =>
    warnUnlessAway(log, err, 'events published but not marked; the sweeper will publish them again'),
  );
  let started = false;
  /** Bus work that close() waits for; it never throws into the caller, it logs. */
  const track = (work: Promise<void>, failure: string) => {
    const done = work
      .catch((err) => warnUnlessAway(log, err, failure))
      .finally(() => publishing.delete(done));
    publishing.add(done);
  };

  /** One set of options for every connection (decision 0063: a socket holds no closures of its own). */
  const connectionOptions: ConnectionOptions = {
    maxBufferedBytes: config.wsMaxBufferedBytes,
    personalAfter: (userId, afterSeq) => framesAfter(db, userId, afterSeq),
    channelAfter: (communityId, userId, afterSeq) => channelFramesAfter(db, communityId, userId, afterSeq),
    channels: sockets,
    onFailure: (err, userId) => log.warn({ err, userId }, 'socket backlog read failed'),
    onDelivered: countDelivered,
  };

  /**
   * The listeners of every socket, made once: each finds its socket's connection on the socket (`this`), so a
   * socket holds no closures of its own (three closures and their context were about 250 bytes a socket),
   * and nothing of the resume's ask. An unclean disconnect (a reset, a bad frame) ends that socket alone; its
   * client resumes.
   */
  function onSocketError(this: HubSocket, err: Error) {
    log.debug({ err, userId: this[CONNECTION]?.userId }, 'socket error');
    this.terminate();
  }
  function onSocketClose(this: HubSocket) {
    const connection = this[CONNECTION];
    if (!connection) return;
    sockets.remove(connection);
    sessionSockets.remove(connection.sessionId, connection);
  }
  function onSocketMessage(this: HubSocket, raw: RawData) {
    this[CONNECTION]?.receive(raw);
  }

  /**
   * Registers the socket (its channels followed before the resume plan is read, so that nothing published
   * meanwhile is missed: it is held until the plan says where each stream starts).
   */
  const register = (socket: HubSocket, { userId, sessionId }: TicketHolder): Connection => {
    const connection = new Connection(userId, sessionId, socket, connectionOptions);
    socket[CONNECTION] = connection;
    socket.on('error', onSocketError);
    socket.on('close', onSocketClose);
    socket.on('message', onSocketMessage);
    sockets.add(connection);
    sessionSockets.add(sessionId, connection);
    return connection;
  };

  const resume = (connection: Connection, ask: ResumeAsk) => {
    const { userId } = connection;
    deps
      .membershipsOf(userId)
      .then(async (memberships) => {
        connection.prepare(memberships.map((m) => m.communityId));
        // The channels watched as the plan is read: a `watch` sent meanwhile counts (decision 0084).
        const watching = connection.watched();
        await connection.open(await planResume(db, userId, { ...ask, watching }, memberships));
      })
      .catch((err) => {
        log.warn({ err, userId }, 'socket resume failed');
        connection.close(WS_CLOSE.internal, 'resume failed');
      });
  };

  const connect = (socket: WebSocket, holder: TicketHolder, ask: ResumeAsk) => {
    const connection = register(socket, holder);
    // Before any message of the socket can arrive: a `watch` it sends replaces the URL's.
    connection.watch(ask.watching);
    // Its upgrade began before the drain: it goes on at another instance like the others.
    if (draining) connection.close(WS_CLOSE.serviceRestart, 'service restart');
    else resume(connection, ask);
  };

  return {
    checkEmit: deps.checkEmit,
    publishCommitted(batch: CommittedBatch) {
      // Whatever fails here stays unpublished and the sweeper retries it.
      if (batch.personal.length === 0 && batch.channel.length === 0) return;
      hearing.committed(batch);
      // After the writer's answer has gone: an in-process bus delivers at once, and a community's change
      // to a thousand sockets would otherwise come before the answer to the member who made it.
      const published = afterThisTurn()
        .then(() => publishRows(bus, batch))
        .then(() => marks.add(idsOf(batch)));
      track(published, 'publish after commit failed; the sweeper will retry');
    },
    closeSessions(sessionIds: number[]) {
      if (sessionIds.length === 0) return;
      // This instance's sockets close at once, even while the bus is away (the watch covers the others then).
      sessionSockets.close(sessionIds);
      track(
        bus.publishSessionsClosed({ sessionIds }),
        'socket closure not published; the session watch will close them',
      );
    },
    noteRetry(place: string, code: string, attempt: number) {
      log.warn({ place, code, attempt }, 'unit of work lost a database race and runs again');
    },
    liveWriteFailures: () => liveWriteFailures,
    registerRoutes(app: FastifyInstance) {
      registerRealtimeRoutes(app, {
        db,
        publicUrl: config.publicUrl,
        accepting: () => !draining,
        connect,
      });
    },
    get accepting() {
      return !draining;
    },
    drain() {
      draining = true;
      sockets.closeAll(WS_CLOSE.serviceRestart, 'service restart');
    },
    stats: () => ({ sockets: sockets.count(), delivered, channelOrder: sockets.orderStats() }),
    quietChannels: () => sockets.quietChannels(),
    hearStreams: (listener) => hearing.add(listener),
    async start() {
      if (started) return;
      started = true;
      bus.onSessionsClosed((message) => sessionSockets.close(message.sessionIds));
      bus.onResumed?.(() => {
        sockets.resyncAll();
        hearing.set(true);
      });
      bus.onLost?.(() => hearing.set(false));
      await bus.subscribe((message) => {
        sockets.deliver(message);
        hearing.message(message);
      });
      hearing.set(true);
      sweeper.start();
      watch.start();
    },
    async close() {
      hearing.set(false);
      await sweeper.stop();
      await watch.stop();
      await Promise.all(publishing);
      await marks.flush();
      sockets.closeAll(WS_CLOSE.goingAway, 'server closing');
      await bus.close();
    },
  };
}
