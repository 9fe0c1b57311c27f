/**
 * @module @kiln/server — the Node side of Kiln: HTTP for every origin, GraphQL, persistence on PGlite or
 * PostgreSQL, generation jobs, and publishing.
 */
export { type KilnConfig, loadConfig } from './config';
export { type ContentClassifier, lengthClassifier } from './content-safety';
export { compileCss } from './css';
export { type Database, type Db, openDatabase } from './db/index';
export { loadExport, loadExportById } from './export/load';
export {
  type ExportFiles,
  type ExportInput,
  type ExportModule,
  exportProject,
  packageName,
} from './export/project-export';
export { exportDependencies } from './export/versions';
export { zipStream } from './export/zip';
export { type Kiln, providerFor, type StartOptions, startKiln } from './kiln';
export { SERVER_MESSAGES } from './messages';
export { PackageResolver } from './packages/resolver';
