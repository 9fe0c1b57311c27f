/**
 * @module @kiln/server — the Node side of Kiln: HTTP for every origin, GraphQL, persistence on PGlite or
 * PostgreSQL, generation jobs, and publishing.
 */
export { loadConfig, type KilnConfig } from './config';
export { startKiln, type Kiln } from './kiln';
export { openDatabase, type Database, type Db } from './db/index';
export { compileCss } from './css';
export { SERVER_MESSAGES } from './messages';
