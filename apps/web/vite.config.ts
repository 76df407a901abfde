import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server the dev and preview servers forward /api to; ORBIT_API points them at another one.
const API_TARGET = process.env.ORBIT_API || 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    proxy: { '/api': { target: API_TARGET, ws: true, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps publish the app's source: made only on request (SOURCE_MAPS=true), and then served by
    // the server only with the same variable.
    sourcemap: process.env.SOURCE_MAPS === 'true',
    rolldownOptions: {
      // The contract's TypeBox schemas are for the server; the web app takes only their types and
      // constants. Their builders are pure, so a schema the app never reads is left out of the bundle; so are
      // the endpoint declarations (the app reads their ROUTES, docs/decisions/0035).
      treeshake: { manualPureFunctions: ['Type', 'Nullable', 'endpoints'] },
      output: {
        // What the first screen imports statically comes as one chunk (one request, one gzip dictionary)
        // rather than the score of small common chunks the split screens would otherwise cut it into.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
});
