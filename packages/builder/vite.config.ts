/**
 * @module Vite config for the builder UI. The Kiln server serves `dist/`; in development Vite proxies the
 * server's API routes so the UI keeps a same-origin session cookie.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.KILN_SERVER_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': server,
      '/v0': server,
      '/healthz': server,
      '/rooms': { target: server, ws: true },
    },
  },
});
