/**
 * @module @kiln/server — the Node side of Kiln: HTTP for every origin, GraphQL, persistence on PGlite or
 * PostgreSQL, generation jobs, and publishing.
 */
export { type KilnConfig, loadConfig } from './config';
export { compileCss } from './css';
export { type Database, type Db, openDatabase } from './db/index';
export { type Kiln, providerFor, type StartOptions, startKiln } from './kiln';
export { type ContentClassifier, lengthClassifier } from './content-safety';
export { SERVER_MESSAGES } from './messages';
