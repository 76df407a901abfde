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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
