import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The night blue of the app's background (--navy-900 in styles/global.css, index.html's theme-color). */
const NIGHT = '#0b1533';

/**
 * Installable and readable offline (docs/decisions/0045), and reached when closed (0056): a manifest, and the
 * app's own service worker (src/sw/sw.ts) into which Workbox injects the list of the built app's files to
 * precache. It answers every navigation outside /api with index.html, so the app starts from cache, caches
 * no member's /api answer (only the dictionary; the last-seen data is the query cache the app keeps itself,
 * app/offlineCache.ts, which knows whose it is), and shows Web Push notifications.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  registerType: 'autoUpdate',
  // A registerSW.js file rather than an inline script: the server's CSP allows only 'self' scripts.
  injectRegister: 'script-defer',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    name: 'Orbit',
    short_name: 'Orbit',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: NIGHT,
    theme_color: NIGHT,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,mp3,ogg,wav}'],
  },
});

// The server the dev and preview servers forward /api to; ORBIT_API points them at another one.
const API_TARGET = process.env.ORBIT_API || 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), pwa],
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
      // Every imported constant is written where it is read: a text name (i18n/textKeys.ts) becomes its key in
      // the chunk that shows it, so the first screen carries only its own (decision 0028).
      optimization: { inlineConst: { mode: 'all', pass: 1 } },
      output: {
        // What the first screen imports statically comes as one chunk (one request, one gzip dictionary)
        // rather than the score of small common chunks the split screens would otherwise cut it into.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
});
