import { Redis } from 'ioredis';
import { type Logger, pino } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps, DomainHooks } from './deps';
import { HistoryCache, LeaderboardCache } from './modules/activities';
import { membershipsOf } from './modules/communities';
import { CommunityPageCache } from './modules/feeds';
import { HomeCache } from './modules/home';
import { ThreadPageCache } from './modules/messages';
import { notifyTagged } from './modules/notifications';
import { mailWelcome, voidPasswordTokens } from './modules/passwords';
import { PushOutbox } from './modules/push';
import { PasswordHasher } from './platform/auth/passwords';
import { SessionStore } from './platform/auth/sessions';
import { LinkPreviewer } from './platform/linkpreview';
import { loggerOptions } from './platform/logging';
import { configuredTransport, MailOutbox } from './platform/mail';
import { JanusMedia, type Media } from './platform/media';
import { openRoomsByGateway } from './platform/media/open-rooms';
import { type Operations, OrbitMetrics, Readiness } from './platform/ops';
import { type Bus, MemoryBus, type MemoryWire } from './platform/realtime/bus';
import { createRealtime } from './platform/realtime/hub';
import { RedisBus } from './platform/realtime/redis-bus';
import { watchRedisHealth } from './platform/redis-health';
import { createStorage, localFilesDir, type Storage } from './platform/storage';
import type { EmitCheck } from './platform/tx';

/** The Redis channel every instance of one deployment publishes committed events on. */
const DEFAULT_BUS_CHANNEL = 'orbit:events';

/**
 * The domain events one module announces and another acts on, wired here and nowhere else (decisions 0033
 * and 0060): a module lower in the layers announces through `deps.hooks`, one higher up acts, and neither
 * imports the other. Each app's deps get their own, so nothing is filled at import time.
 */
function domainHooks(): DomainHooks {
  return {
    // Members @tagged in a post or a comment get a ME_STAR notification.
    membersTagged: notifyTagged,
    // A member someone added is mailed a set-password link; a sign-in voids the member's mailed links.
    memberAdded: mailWelcome,
    signedIn: voidPasswordTokens,
  };
}

/** Builds the services one process shares: storage, hashing, sessions, realtime with its bus. */
export async function createDeps(
  config: Config,
  database: Database,
  overrides: {
    storage?: Storage;
    busChannel?: string;
    media?: Media;
    linkPreview?: LinkPreviewer;
    /** The logger the components' own derive from (main.ts's, written where it decides; a test's, read). */
    log?: Logger;
    /** Checks each emitted event against the contract's catalogue (the test suite's EventSchemaCheck). */
    checkEmit?: EmitCheck;
    /** Without Redis, the wire this instance's bus shares with the others of its deployment (a test's). */
    memoryWire?: MemoryWire;
  } = {},
): Promise<{ deps: AppDeps; redis: Redis | null; close: () => Promise<void> }> {
  const log = overrides.log ?? pino(loggerOptions(config.logLevel));
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  const subscriber = redis?.duplicate() ?? null;
  if (redis && subscriber) {
    watchRedisHealth([redis, subscriber], log.child({ component: 'redis' }));
  }
  const bus: Bus =
    redis && subscriber
      ? new RedisBus(redis, subscriber, overrides.busChannel ?? DEFAULT_BUS_CHANNEL)
      : new MemoryBus(overrides.memoryWire);
  // PGlite's one process evicts as it revokes; PostgreSQL's other processes are heard once listened to.
  const sessions = new SessionStore(config, database.kind === 'pglite');
  const stopListening = sessions.listenForEnded(database, log.child({ component: 'sessions' }));
  const mailLog = log.child({ component: 'mail' });
  const realtime = createRealtime({
    db: database.db,
    bus,
    config,
    log: log.child({ component: 'realtime' }),
    endedSessions: (sessionIds) => sessions.endedAmong(database.db, sessionIds),
    membershipsOf: (userId) => membershipsOf(database.db, userId),
    checkEmit: overrides.checkEmit,
  });
  const storage = overrides.storage ?? createStorage(config);
  const media =
    overrides.media ??
    new JanusMedia(config, log.child({ component: 'janus' }), undefined, () =>
      openRoomsByGateway(database.db),
    );
  const homes = new HomeCache(database.db, (err) =>
    log.warn({ err, component: 'home' }, 'star sets served not written; the next homes may pulse again'),
  );
  realtime.hearStreams(homes);
  const histories = new HistoryCache(database.db);
  const stopHearingHistories = histories.listen(database, log.child({ component: 'histories' }));
  const leaderboards = new LeaderboardCache();
  realtime.hearStreams(leaderboards);
  const stopHearingLeaderboards = leaderboards.listen(database, log.child({ component: 'leaderboards' }));
  const feedPages = new CommunityPageCache(database.db);
  realtime.hearStreams(feedPages);
  const stopHearingFeedPages = feedPages.listen(database, log.child({ component: 'feeds' }));
  const threadPages = new ThreadPageCache();
  realtime.hearStreams(threadPages);
  const stopHearingThreadPages = threadPages.listen(database, log.child({ component: 'messages' }));
  const readiness = new Readiness({
    db: database.db,
    redis,
    media,
    localFiles: overrides.storage || config.s3 ? null : localFilesDir(config),
  });
  const ops: Operations = {
    readiness,
    // Off unless asked for: then not even the requests are counted.
    metrics:
      config.metricsToken || config.metricsPort
        ? new OrbitMetrics({
            database,
            realtime,
            media,
            sessions: sessions.cache,
            openRooms: () => openRoomsByGateway(database.db),
            draining: () => readiness.isDraining,
            keptReads: {
              home: homes,
              history: histories,
              leaderboard: leaderboards,
              feed: feedPages,
              thread: threadPages,
            },
            writtenBehind: { home_star_sets: homes.served },
          })
        : null,
  };
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    realtime,
    storage,
    hasher: new PasswordHasher(config.argon2Concurrency),
    sessions,
    // Started by main.ts (media.start()): a test app gets no Janus child unless it starts one.
    media,
    linkPreview: overrides.linkPreview ?? new LinkPreviewer(),
    homes,
    feedPages,
    threadPages,
    histories,
    leaderboards,
    // Started by main.ts (mail.start()): a test app sends only when its test starts it or delivers itself.
    mail: new MailOutbox(database.db, configuredTransport(config, mailLog), mailLog),
    push: new PushOutbox(database.db, config, log.child({ component: 'push' })),
    clock: () => new Date(),
    ops,
    hooks: domainHooks(),
  };
  return {
    deps,
    redis,
    close: async () => {
      await stopListening();
      await stopHearingHistories();
      await stopHearingLeaderboards();
      await stopHearingFeedPages();
      await stopHearingThreadPages();
      await realtime.close();
      await deps.mail.stop();
      await deps.push.stop();
      await homes.close();
      await deps.media.close();
      await deps.linkPreview.close();
      redis?.disconnect();
    },
  };
}
