/**
 * The server's module boundaries (docs/decisions/0033-module-boundaries.md), checked by `npm run lint`.
 * This file: who may import what, file by file. .dependency-cruiser-cycles.cjs: no cycle between modules.
 */
const SRC = '^apps/server/src/';
const IN_A_MODULE = `${SRC}modules/[^/]+/`;
const ENTRY = `${SRC}modules/[^/]+/index\\.ts$`;

/** What both checks read: the server's code without its tests and their helpers. */
const options = {
  tsConfig: { fileName: 'tsconfig.json' },
  // Type-only imports count: a type from another module's internals ties the two as much as a value does.
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  // Tests and their helpers (src/test/, docs/decisions/0037) are left out: a test may reach into any module.
  exclude: { path: `\\.test\\.ts$|${SRC}test/` },
};

module.exports = {
  forbidden: [
    {
      name: 'module-entry-only',
      comment: 'A module uses another only through its entry, modules/<name>/index.ts, never its internals.',
      severity: 'error',
      from: { path: `${SRC}modules/([^/]+)/` },
      to: { path: IN_A_MODULE, pathNot: [`${SRC}modules/$1/`, ENTRY] },
    },
    {
      name: 'outside-uses-entry-only',
      comment: 'Code outside the modules (the seed, wiring.ts) uses a module through its entry as well.',
      severity: 'error',
      from: { path: SRC, pathNot: [IN_A_MODULE, `${SRC}modules/index\\.ts$`] },
      to: { path: IN_A_MODULE, pathNot: ENTRY },
    },
    {
      name: 'mount-routes-only',
      comment: 'modules/index.ts mounts each module: its routes.ts (or its entry), nothing else.',
      severity: 'error',
      from: { path: `${SRC}modules/index\\.ts$` },
      to: { path: IN_A_MODULE, pathNot: `${SRC}modules/[^/]+/(index|routes)\\.ts$` },
    },
    {
      name: 'cli-at-the-top',
      comment:
        'The admin command (cli/, decision 0057) sits beside main.ts, above the modules and the wiring: nothing imports it.',
      severity: 'error',
      from: { path: SRC, pathNot: `${SRC}cli/` },
      to: { path: `${SRC}cli/` },
    },
    {
      name: 'platform-below-modules',
      comment: 'The platform, the database layer (but its seed), config and deps.ts sit below every module.',
      severity: 'error',
      from: { path: `${SRC}(platform/|db/(?!seed/)|config\\.ts$|deps\\.ts$)` },
      to: { path: `${SRC}modules/` },
    },
  ],
  options,
};
