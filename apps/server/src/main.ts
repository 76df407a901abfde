import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoWorld } from './db/seed';
import { QUIET_DIGEST_EVERY_MS, sendQuietDigests } from './modules/notifications';
import { repliedWorkDone } from './modules/passwords';
import { ReminderWorker } from './modules/reminders';
import { EmbeddedUpkeep } from './platform/db-upkeep';
import { logDestination, loggerOptions } from './platform/logging';
import { drain, serveMetrics, startSocketCensus } from './platform/ops';
import { Periodic } from './platform/periodic';
import { createDeps } from './wiring';

/** Process entry: config -> database -> migrations -> seed -> app -> media -> listen; drain on SIGTERM. */
/** A configuration Orbit cannot run with ends the process with its reason alone, no stack trace. */
function configOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    console.error(`Orbit cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
}

async function main() {
  const config = configOrExit();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    max: config.databasePoolMax,
    pgliteThread: config.pgliteThread,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  await database.migrate();
  const logTo = logDestination(process.stdout);
  const log = pino(loggerOptions(config.logLevel), logTo);
  const { deps, redis, close } = await createDeps(config, database, { log });
  const app = await buildApp(deps, { redis, logger: logTo && { stream: logTo } });
  if (config.seedDemo) await seedDemoWorld(deps, (line) => app.log.info(line));
  await deps.realtime.start();
  await deps.media.start();
  // Every instance runs it: each quiet window's digest is claimed in the database, so it goes out once.
  const digests = new Periodic(
    QUIET_DIGEST_EVERY_MS,
    async () => void (await sendQuietDigests(deps)),
    (err) => app.log.warn({ err }, 'quiet hours digests failed; the next run retries'),
  );
  digests.start();
  // Every instance runs it: rows are taken with SKIP LOCKED under a lease, so each mail goes out once.
  deps.mail.start();
  deps.push.start();
  // Every instance runs it: a due reminder is taken with SKIP LOCKED and moved on in one transaction.
  const reminders = new ReminderWorker(deps, app.log.child({ component: 'reminders' }));
  reminders.start();
  const upkeep = embeddedUpkeep(config, deps, app.log);
  upkeep?.start();
  await app.listen({ port: config.port, host: config.host });
  // The admin command's `stats` sums what every instance writes here (a key per instance that expires).
  const census =
    redis &&
    startSocketCensus(
      redis,
      () => deps.realtime.stats().sockets,
      (err) => app.log.warn({ err }, 'socket census not written; the next run retries'),
    );
  const metricsListener =
    deps.ops.metrics && config.metricsPort
      ? await serveMetrics(deps.ops.metrics, config.metricsPort, config.host)
      : null;
  const shutdown = (signal: NodeJS.Signals) =>
    drain({
      log: app.log,
      graceMs: config.shutdownGraceMs,
      lingerMs: config.shutdownLingerMs,
      markDraining: () => deps.ops.readiness.drain(),
      closeSockets: () => deps.realtime.drain(),
      closeHttp: () => app.close(),
      cutHttp: () => {
        app.server.closeAllConnections();
        for (const socket of app.websocketServer.clients) socket.terminate();
      },
      stopWork: async () => {
        await digests.stop();
        await reminders.stop();
        await upkeep?.stop();
        await census?.stop();
        // A reset link asked for just before the stop is still queued (the reply did not wait for it).
        await repliedWorkDone();
        await close();
        await metricsListener?.close();
        await database.close();
      },
    }).then(
      (inTime) => process.exit(inTime ? 0 : 1),
      (err) => {
        app.log.error({ err, signal }, 'drain failed');
        process.exit(1);
      },
    );
  onceThenForce(shutdown, app.log);
}

/** The embedded database's vacuum and analysis (decision 0083); PostgreSQL runs its own autovacuum. */
function embeddedUpkeep(
  config: Config,
  deps: Awaited<ReturnType<typeof createDeps>>['deps'],
  log: FastifyBaseLogger,
): EmbeddedUpkeep | null {
  if (deps.database.kind !== 'pglite' || config.pgliteUpkeepSeconds === 0) return null;
  const upkeep = new EmbeddedUpkeep(
    deps.db,
    config.pgliteUpkeepSeconds * 1000,
    log.child({ component: 'upkeep' }),
  );
  deps.ops.metrics?.watchUpkeep(upkeep.counts);
  return upkeep;
}

/**
 * The first SIGTERM or SIGINT drains; a second one (Ctrl+C again) does not wait for the drain to end.
 */
function onceThenForce(shutdown: (signal: NodeJS.Signals) => void, log: { warn(msg: string): void }) {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      log.warn(`${signal} again while draining: exiting now`);
      process.exit(1);
    }
    draining = true;
    shutdown(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
