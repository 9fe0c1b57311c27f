/**
 * @module Vite config for the builder UI. The Kiln server serves `dist/`; in development Vite proxies the
 * server's API routes so the UI keeps a same-origin session cookie.
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.KILN_SERVER_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
      // REST routes of the builder origin: chat images, export, verification screenshots.
      '/api': server,
      // Server pages the builder links to: the e-mail confirmation redirect and the development mailbox.
      '/verify-email': server,
      '/dev/mailbox': server,
      '/rooms': { target: server, ws: true },
    },
  },
});
