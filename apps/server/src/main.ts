import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoWorld } from './db/seed';
import { createDeps } from './wiring';

/** Process entry: config -> database -> migrations -> seed -> app -> media -> listen. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const { deps, redis, close } = await createDeps(config, database);
  const app = await buildApp(deps, { redis });
  if (config.seedDemo) await seedDemoWorld(deps, (line) => app.log.info(line));
  await deps.realtime.start();
  await deps.media.start();
  await app.listen({ port: config.port, host: config.host });
  const shutdown = async () => {
    await app.close();
    await close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
