/**
 * @module @kiln/server — the Node side of Kiln: HTTP for every origin, GraphQL, persistence on PGlite or
 * PostgreSQL, generation jobs, and publishing.
 */
export { type KilnConfig, loadConfig } from './config';
export { compileCss } from './css';
export { type Database, type Db, openDatabase } from './db/index';
export { type Kiln, startKiln } from './kiln';
export { SERVER_MESSAGES } from './messages';
