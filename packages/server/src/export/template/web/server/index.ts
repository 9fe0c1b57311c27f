/**
 * @module The production server (`npm start`): the built pages from `dist/` (any other path gets `index.html`,
 * the router picks the page), the functions under `/api`, on `PORT` (default 3000). The database is migrated
 * before the first request is answered.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { app as routes } from './app.ts';
import { database } from './db.ts';

/** The port without `PORT`. */
const DEFAULT_PORT = 3000;

const app = new Hono();
app.route('/', routes);
app.use('/*', serveStatic({ root: './dist' }));
app.get('*', serveStatic({ path: './dist/index.html' }));

await database();
const port = Number(process.env.PORT ?? DEFAULT_PORT);
serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  console.log(`App running at http://localhost:${info.port}`);
});
