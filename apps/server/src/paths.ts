import path from 'node:path';

/**
 * Where the server finds the files it reads at run time, the same under tsx and compiled (decision 0058).
 * This file sits beside main.ts, so it is in src/ under tsx; compiled, every module is in dist/main.js and
 * import.meta.dirname is dist/ whichever source it came from. Both are one level under apps/server/.
 */
const ENTRY_DIR = import.meta.dirname;
const SERVER_DIR = path.resolve(ENTRY_DIR, '..');

/** The repository: `./data` and the built web app are found from here. */
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
/** The embedded database's thread (decision 0065): plain JavaScript, which the build copies to dist/db. */
export const PGLITE_WORKER_FILE = path.join(ENTRY_DIR, 'db/pglite-worker.mjs');
/** The SQL migrations; the build copies them beside the bundle (dist/db/migrations). */
export const MIGRATIONS_DIR = path.join(ENTRY_DIR, 'db/migrations');
/** The committed preset images (avatars, session images), read from apps/server/assets by both. */
export const ASSETS_DIR = path.join(SERVER_DIR, 'assets');
