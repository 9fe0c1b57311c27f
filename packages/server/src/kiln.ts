/**
 * @module Composes one Kiln server: database, generation workers, the HTTP handler and the listener.
 * `startKiln(config)` is what `npm start`, the CLI and the tests use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import { createModelProvider, type ModelProvider } from '@kiln/codegen';
import { useSharedChromium } from '@kiln/preview/chromium-endpoint';
import { AiImages } from './ai-images/index';
import { AppBackend } from './app-backend';
import { AppIntegrations } from './app-integrations';
import { startAttachmentSweep } from './chat-attachment-sweep';
import type { KilnConfig } from './config';
import { type ContentClassifier, lengthClassifier } from './content-safety';
import { type Database, openDatabase } from './db/index';
import { ProjectGit } from './git/index';
import { LiveApps } from './hosting/index';
import { createHttpHandler, createPageWriter, type HttpDeps } from './http/app';
import { allowedOrigin, sessionCookieName } from './http/security';
import { GenerationWorkers } from './jobs/worker';
import { escapeControlCharacters } from './log-text';
import { createMailer } from './mailer';
import { OrganizationModels } from './model-settings';
import { createOrigins, type Origins } from './origins';
import { PackageResolver } from './packages/resolver';
import { S3BundleStore } from './packages/shared-cache';
import { RateLimits } from './rate-limits';
import { Rooms } from './rooms';
import { createSecretBox, loadSecretKey } from './secrets';
import { createFileStorage, type FileStorage, parseS3Url, Uploads } from './uploads/index';
import { VisitorAuth } from './visitor-auth/index';
import { ProjectAuthProviders } from './visitor-auth/providers';
import { OrganizationWebSearch } from './web-search';

/** How long an idle keep-alive connection stays open (above the 60 s idle timeout of common load balancers). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface Kiln {
  readonly url: string;
  readonly port: number;
  readonly origins: Origins;
  readonly database: Database;
  readonly workers: GenerationWorkers;
  /** Generated apps' functions sandbox and databases. */
  readonly backend: AppBackend;
  /** Where uploaded files are (a local folder, or S3). */
  readonly files: FileStorage;
  /** Stop accepting requests, put running generations back in the queue, close the database. */
  close(): Promise<void>;
}

/** The configured model; a bad KILN_MODEL or a missing key stops start-up with a sentence saying what to set. */
export function providerFor(config: KilnConfig): ModelProvider {
  return createModelProvider(config.model, {
    ...config.modelSettings,
    builtin: { chunkDelayMs: config.builtinDelayMs },
  });
}

export interface StartOptions {
  log?: (msg: string, err?: unknown) => void;
  /** Content classifier for prompts (default: length only). */
  classifier?: ContentClassifier;
}

/**
 * One log line: `[kiln] message`, then the extra (an error: its message, or in development its stack; else
 * the value). Control characters in either are escaped (`\u0000`), so user data cannot hide in, or rewrite,
 * the operator's terminal; a line break is kept with the next line indented.
 */
export function logLine(msg: string, extra: unknown, dev: boolean): string {
  const line = `[kiln] ${escapeControlCharacters(msg)}`;
  if (extra === undefined || extra === null || extra === '') return line;
  const detail =
    typeof extra === 'string'
      ? extra
      : extra instanceof Error && !dev
        ? String(extra)
        : extra instanceof Error
          ? inspect(extra)
          : json(extra);
  return `${line} ${escapeControlCharacters(detail)}`;
}

/** JSON for a log line (strings' control characters come out as \u0000 escapes); inspect when it cannot be. */
function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return inspect(value, { depth: 4, breakLength: Number.POSITIVE_INFINITY });
  }
}

export async function startKiln(config: KilnConfig, opts: StartOptions = {}) {
  const dev = config.env === 'development';
  const log =
    opts.log ??
    ((msg: string, extra?: unknown) => {
      if (extra) console.error(logLine(msg, extra, dev));
      else console.log(logLine(msg, undefined, dev));
    });
  if (config.chromiumEndpoint) useSharedChromium(config.chromiumEndpoint);
  const provider = providerFor(config);
  const secretKey = loadSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir });
  const secrets = createSecretBox(secretKey);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    baselineWasm: !config.wasmTierUp,
  });
  // Sign-in, mail and sign-up limits: shared through PostgreSQL by every process on it, else in memory.
  const limitOptions = { signUpsPerHour: config.signUpLimit };
  const rateLimits =
    database.kind === 'postgres' && config.databaseUrl
      ? await RateLimits.postgres(config.databaseUrl, limitOptions)
      : RateLimits.memory(limitOptions);
  // With S3_URL, npm bundles are shared by every process (packages/shared-cache.ts).
  const sharedBundles = config.uploads.s3Url
    ? new S3BundleStore(parseS3Url(config.uploads.s3Url))
    : undefined;
  const packages = new PackageResolver({
    dataDir: config.dataDir,
    ...config.npm,
    log,
    shared: sharedBundles,
  });
  const backend = new AppBackend(database.db, {
    dataDir: config.dataDir,
    secretKey,
    log,
    egress: config.egress,
    rateLimits,
    logRetentionMs: config.logRetentionDays * 24 * 60 * 60 * 1000,
    dataSnapshots: config.dataSnapshots,
    databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
    databaseSizeLimits: config.databaseSizeLimits,
    packages,
  });
  const rooms = new Rooms(database.db, { log });
  backend.onLogs = (target, branch) =>
    void rooms
      .publishToProject(target, { type: 'function-logs', projectId: target.projectId, branch })
      .catch((e) => log('room publish failed', e));
  if (database.kind === 'postgres' && config.databaseUrl) await rooms.listen(config.databaseUrl);
  // Functions keep their project's secrets in memory; on PostgreSQL every process hears when they change.
  if (database.kind === 'postgres' && config.databaseUrl) await backend.listen(config.databaseUrl);
  // Published apps served from memory; on PostgreSQL every process hears publish/rollback/unpublish.
  const hosting = new LiveApps(database.db);
  if (database.kind === 'postgres' && config.databaseUrl) await hosting.listen(config.databaseUrl, log);
  // Each project's revisions as git commits, caught up shortly after its latest revision moves.
  const git = new ProjectGit({
    db: database.db,
    secrets,
    dataDir: config.dataDir,
    egress: config.egress,
    background: config.gitBackground,
    log,
  });
  const projectChanged = (projectId: string) => {
    void rooms.projectChanged(projectId).catch((e) => log('room publish failed', e));
    git.schedule(projectId);
  };
  const models = new OrganizationModels({
    db: database.db,
    secrets,
    serverModel: config.model,
    serverProvider: provider,
    builtin: { chunkDelayMs: config.builtinDelayMs },
  });
  const webSearch = new OrganizationWebSearch({ db: database.db, secrets, egress: config.egress });
  // Files in S3 when S3_URL is set (shared by every process), else in {dataDir}/files (this machine only).
  const files = createFileStorage({ dataDir: config.dataDir, s3Url: config.uploads.s3Url });
  const workers = new GenerationWorkers(database.db, provider, {
    files,
    concurrency: config.workers,
    providerFor: (organizationId) => models.providerFor(organizationId),
    expertProviderFor: (organizationId) => models.expertProviderFor(organizationId),
    // Only one process can own an embedded PGlite: at start, every RUNNING job is from a dead process.
    recoverRunningAtStart: database.kind === 'pglite',
    databaseUrl: database.kind === 'postgres' ? (config.databaseUrl ?? null) : null,
    log,
    onProjectChanged: projectChanged,
    backend,
    packages,
    webSearchFor: (organizationId, chargeTo) => webSearch.searcherFor(organizationId, chargeTo),
    verify: config.verify,
    publish: (target, event) =>
      void rooms.publishToProject(target, event).catch((e) => log('room publish failed', e)),
  });
  let origins: Origins = createOrigins(config, config.port);
  const uploads = new Uploads({
    db: database.db,
    storage: files,
    limits: config.uploads.limits,
    egress: config.egress,
    secretKey,
    filesOrigin: () => origins.filesOrigin,
  });
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const authProviders = new ProjectAuthProviders(database.db, secrets);
  const visitorAuth = new VisitorAuth({
    databases: backend.databases,
    secretKey,
    mailer,
    rateLimits,
    oauthSettings: (projectId) => authProviders.settings(projectId),
    issuers: config.oauthIssuers,
    log,
  });
  backend.integrations = new AppIntegrations({
    db: database.db,
    mailer,
    providerFor: (organizationId) => models.providerFor(organizationId),
    rateLimits,
  });
  const httpDeps: HttpDeps = {
    visitorAuth,
    authProviders,
    db: database.db,
    mailer,
    get origins() {
      return origins;
    },
    dev: config.env === 'development',
    onQueued: () => workers.wake(),
    onCancel: (revisionId) => workers.cancel(revisionId),
    onProjectChanged: projectChanged,
    classifier: opts.classifier ?? lengthClassifier(),
    privateLimits: config.privateLimits,
    models,
    backend,
    trustProxy: config.trustProxy,
    rateLimits,
    packages,
    uploads,
    hosting,
    analytics: config.analytics,
    verify: config.verify,
    prerender: config.prerender,
    strictCsp: config.strictCsp,
    aiImages: new AiImages({ db: database.db, secrets, dataDir: config.dataDir, rateLimits, log }),
    webSearch,
    git,
    log,
  };
  const handler = createHttpHandler(httpDeps);
  // A published page in memory is written before node-server turns the request into a Fetch Request.
  const writePage = createPageWriter(httpDeps);
  const listener = getRequestListener(handler, config.host ? { hostname: config.host } : {});
  const server = await new Promise<Server>((resolve) => {
    const s = createServer((req, res) => {
      try {
        if (writePage(req, res)) return;
      } catch (err) {
        // Never reached by design (a map lookup and stored buffers); the routes answer instead of the process dying.
        log('page write failed', err);
        if (res.headersSent) return void res.destroy();
      }
      void listener(req, res);
    });
    s.listen(config.port, config.host, () => resolve(s));
  });
  // Idle keep-alive connections stay open longer than a load balancer's idle timeout (60 s on most), so the
  // server never closes a connection a proxy or client is about to reuse (Node's default is 5 s).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const port = (server.address() as AddressInfo).port;
  origins = createOrigins(config, port);
  rooms.attach(server, {
    allowOrigin: (origin, host) => allowedOrigin(origin, host ?? null, origins),
    isBuilderHost: (host) => origins.match(host).kind === 'builder',
    sessionCookie: () => sessionCookieName(origins),
  });
  if (config.workers > 0) await workers.start();
  // Images uploaded to a chat and never sent are deleted a day later (every process sweeps; one takes each).
  const stopAttachmentSweep = startAttachmentSweep(database.db, files, log);
  const kiln: Kiln = {
    url: origins.builderOrigin,
    port,
    origins,
    database,
    workers,
    backend,
    files,
    async close() {
      // Stop accepting, drop idle keep-alive connections at once, give in-flight requests a moment.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), 2000);
      await rooms.close();
      await hosting.close();
      await git.close();
      await closed;
      clearTimeout(grace);
      await workers.stop();
      stopAttachmentSweep();
      await backend.close();
      uploads.close();
      sharedBundles?.close();
      await rateLimits.close();
      await database.close();
    },
  };
  return kiln;
}
