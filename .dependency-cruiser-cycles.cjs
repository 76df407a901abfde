/**
 * No import cycle between the server's modules (docs/decisions/0033-module-boundaries.md), checked by
 * `npm run lint`: each module is collapsed into one node (so a cycle inside a module is its own business),
 * and any cycle left runs through two modules, or through a module and the platform or deps.ts.
 */
const { options } = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'Modules form layers: faces at the bottom, home at the top (decision 0033).',
      severity: 'error',
      // Cycles inside the platform (a folder and its index) are not modules' business.
      from: { path: '^apps/server/src/modules/' },
      to: { circular: true },
    },
  ],
  options: { ...options, collapse: '^apps/server/src/modules/[^/]+/' },
};
