import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build:server`: the server and the contract compiled into one ES module, apps/server/dist/main.js,
 * that plain `node` runs (decision 0058), with its source map and the SQL migrations beside it.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(SERVER_DIR, 'dist');
const MIGRATIONS = 'db/migrations';

/**
 * Packages stay in node_modules, imported as they are: native addons (sharp, argon2), PGlite's WebAssembly
 * and the like find their files beside themselves. Only the workspace's own TypeScript (@orbit/contract,
 * whose entry is a .ts file plain node cannot load) is compiled into the bundle.
 */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@orbit/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** drizzle reads the .sql files and meta/_journal.json; the snapshots are drizzle-kit's alone. */
const neededAtRunTime = (file: string) => !file.endsWith('_snapshot.json');

fs.rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(SERVER_DIR, 'src/main.ts')],
  outfile: path.join(OUT_DIR, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
  metafile: true,
});
fs.cpSync(path.join(SERVER_DIR, 'src', MIGRATIONS), path.join(OUT_DIR, MIGRATIONS), {
  recursive: true,
  filter: neededAtRunTime,
});
// The embedded database's thread is a file of its own (decision 0065), loaded by path at run time, with the
// statements it keeps prepared (decision 0073).
for (const file of ['pglite-worker.mjs', 'pglite-prepared.mjs']) {
  fs.copyFileSync(path.join(SERVER_DIR, 'src/db', file), path.join(OUT_DIR, 'db', file));
}
const modules = Object.keys(result.metafile.inputs).length;
const kb = Math.round(fs.statSync(path.join(OUT_DIR, 'main.js')).size / 1024);
console.log(`server: ${modules} modules -> ${path.relative(process.cwd(), OUT_DIR)}/main.js (${kb} KB)`);
