/**
 * The web app's boundaries (docs/decisions/0059-web-boundaries.md), checked by `npm run lint`: features use
 * each other only through their index.ts and open each other's places by name (app/places.ts), ui/ and api/
 * know no feature, and no import circle anywhere.
 */
const SRC = '^apps/web/src/';
const FEATURE = `${SRC}features/[^/]+/`;
const ENTRY = `${SRC}features/[^/]+/(index|places)\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'feature-entry-only',
      comment: 'A feature uses another only through its index.ts, never its inner files.',
      severity: 'error',
      from: { path: `${SRC}features/([^/]+)/` },
      to: { path: FEATURE, pathNot: [`${SRC}features/$1/`, ENTRY] },
    },
    {
      name: 'outside-uses-entry-only',
      comment: 'The app shell (app/, main.tsx) uses a feature through its index.ts as well.',
      severity: 'error',
      from: { path: SRC, pathNot: FEATURE },
      to: { path: FEATURE, pathNot: ENTRY },
    },
    {
      name: 'shared-layers-know-no-feature',
      comment: 'ui/, api/, i18n/ and the starfield serve every feature and import none.',
      severity: 'error',
      from: { path: `${SRC}(ui|api|i18n|starfield|sw)/` },
      to: { path: `${SRC}(features|app)/` },
    },
    {
      name: 'features-reach-app-places-only',
      comment:
        'Of app/, a feature reaches only the table of places; the shell wires the features, not the reverse.',
      severity: 'error',
      from: { path: FEATURE },
      to: { path: `${SRC}app/`, pathNot: `${SRC}app/places\\.ts$` },
    },
    {
      name: 'no-circle',
      comment: 'No import circle in the web app, a lazy import() included.',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Tests may reach into what they test.
    exclude: { path: `\\.test\\.tsx?$|${SRC}test/` },
  },
};
