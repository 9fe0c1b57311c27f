/**
 * @module Which deployment a published app's host serves, kept in memory (issue 15). Every request to a
 * published app used to ask the database; now each process keeps the live app of each slug (its project,
 * revision, visibility and production document) and forgets it when it changes: publish, rollback, unpublish,
 * visibility and access-link changes call `hostingChanged`, which clears the slug in this process at once and,
 * on PostgreSQL, in every other process through NOTIFY (`kiln_hosting`). Entries also expire after a minute,
 * so a notification lost while a listener reconnects cannot keep a stale app for long.
 */
import { EventEmitter } from 'node:events';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/index';
import { deploymentChunks, deploymentDocuments, deploymentPages, deployments, projects } from '../db/schema';
import { type BuiltDocument, buildDocument } from './build';

const CHANNEL = 'kiln_hosting';
/** How long a looked-up app is trusted without a notification (ms). */
const LIVE_TTL_MS = 60_000;
/** How long "no app at this host" is remembered (ms): short, random hosts are cheap to ask again. */
const MISSING_TTL_MS = 5_000;
/** Memory for documents (bytes: HTML + brotli + gzip) before the least recently used app is dropped. */
const DEFAULT_MAX_BYTES = 128 * 1024 * 1024;

/** A published app as its origin serves it. */
export interface LiveApp {
  slug: string;
  projectId: string;
  revisionId: string;
  deploymentId: string;
  visibility: string;
  accessTokenHash: string | null;
  document: BuiltDocument;
  /**
   * Pages' own documents by path (`/`, `/about`): with the page's code inline (a build split per page) and/or
   * its prerendered markup (hosting/prerender.ts).
   */
  pages: ReadonlyMap<string, BuiltDocument>;
  /** A split build's page chunks by name (`/_kiln/pages/{name}`). */
  chunks: ReadonlyMap<string, BuiltDocument>;
}

interface Entry {
  app: LiveApp | null;
  expires: number;
  bytes: number;
}

/** In this process: every LiveApps hears every change (several Kiln servers in one test process only refetch). */
const localChanges = new EventEmitter().setMaxListeners(0);

/**
 * Tell every process serving published apps that the app at `slug` changed (all apps when omitted). Call it
 * after the change is committed.
 */
export async function hostingChanged(db: Db, slug?: string | null): Promise<void> {
  if (slug === null) return;
  localChanges.emit('change', slug);
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${slug ?? '*'})`);
}

export class LiveApps {
  readonly #db: Db;
  readonly #maxBytes: number;
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<LiveApp | null>>();
  readonly #onChange = (slug: string | undefined) => this.invalidate(slug);
  #bytes = 0;
  #listener: pg.Client | undefined;

  constructor(db: Db, opts: { maxBytes?: number } = {}) {
    this.#db = db;
    this.#maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    localChanges.on('change', this.#onChange);
  }

  /** With PostgreSQL, also hear the changes other processes make. */
  async listen(databaseUrl: string, log: (msg: string, err?: unknown) => void): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', (err) => {
      // Without the listener other processes' changes arrive only through expiry: forget everything now.
      log('hosting listener failed; published apps are looked up again', err);
      this.invalidate();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    client.on('notification', (n) =>
      this.invalidate(!n.payload || n.payload === '*' ? undefined : n.payload),
    );
    this.#listener = client;
  }

  /** The app at `slug` if this process knows it now (null: known not to exist), undefined when it must ask. */
  peek(slug: string): LiveApp | null | undefined {
    const entry = this.#entries.get(slug);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) return undefined;
    return entry.app;
  }

  /** The app at `slug`, from memory or the database (one query per slug at a time). */
  get(slug: string): Promise<LiveApp | null> {
    const known = this.peek(slug);
    if (known !== undefined) return Promise.resolve(known);
    let loading = this.#loading.get(slug);
    if (!loading) {
      loading = this.#load(slug).then(
        (app) => {
          // A change while loading made this answer stale: keep it for this caller only.
          if (this.#loading.get(slug) === loading) {
            this.#loading.delete(slug);
            this.#store(slug, app);
          }
          return app;
        },
        (err) => {
          if (this.#loading.get(slug) === loading) this.#loading.delete(slug);
          throw err;
        },
      );
      this.#loading.set(slug, loading);
    }
    return loading;
  }

  /** Forget the app at `slug` (every app when omitted). */
  invalidate(slug?: string): void {
    if (slug === undefined) {
      this.#entries.clear();
      this.#loading.clear();
      this.#bytes = 0;
      return;
    }
    this.#loading.delete(slug);
    const entry = this.#entries.get(slug);
    if (entry) {
      this.#entries.delete(slug);
      this.#bytes -= entry.bytes;
    }
  }

  async close(): Promise<void> {
    localChanges.off('change', this.#onChange);
    await this.#listener?.end().catch(() => {});
    this.#listener = undefined;
  }

  #store(slug: string, app: LiveApp | null): void {
    this.invalidate(slug);
    let bytes = 0;
    for (const d of app ? [app.document, ...app.pages.values(), ...app.chunks.values()] : []) {
      bytes += d.body.length + d.br.length + d.gzip.length;
    }
    this.#entries.set(slug, { app, expires: Date.now() + (app ? LIVE_TTL_MS : MISSING_TTL_MS), bytes });
    this.#bytes += bytes;
    // Map order is insertion order: the oldest stored apps go first.
    for (const [key, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes || key === slug) break;
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
  }

  async #load(slug: string): Promise<LiveApp | null> {
    const [row] = await this.#db
      .select({
        projectId: projects.id,
        visibility: projects.visibility,
        accessTokenHash: projects.accessTokenHash,
        deploymentId: deployments.id,
        revisionId: deployments.revisionId,
        html: deployments.html,
        etag: deploymentDocuments.etag,
        br: deploymentDocuments.br,
        gzip: deploymentDocuments.gzip,
      })
      .from(projects)
      .innerJoin(deployments, eq(deployments.id, projects.deploymentId))
      .leftJoin(deploymentDocuments, eq(deploymentDocuments.deploymentId, deployments.id))
      .where(and(eq(projects.slug, slug), eq(projects.publishStatus, 'PUBLISHED')));
    if (!row) return null;
    const document =
      row.etag && row.br && row.gzip
        ? stored(row.html, { etag: row.etag, br: row.br, gzip: row.gzip })
        : // Deployments made before production documents existed are encoded on first use.
          await buildDocument(row.html);
    const [pages, chunks] = await Promise.all([
      this.#db.select().from(deploymentPages).where(eq(deploymentPages.deploymentId, row.deploymentId)),
      this.#db.select().from(deploymentChunks).where(eq(deploymentChunks.deploymentId, row.deploymentId)),
    ]);
    return {
      slug,
      pages: new Map(pages.map((p) => [p.path, stored(p.html, p)])),
      chunks: new Map(chunks.map((c) => [c.name, stored(c.body, c)])),
      projectId: row.projectId,
      revisionId: row.revisionId,
      deploymentId: row.deploymentId,
      visibility: row.visibility,
      accessTokenHash: row.accessTokenHash,
      document,
    };
  }
}

/** A document as stored (its text, ETag and encodings), ready to serve. */
function stored(text: string, row: { etag: string; br: Uint8Array; gzip: Uint8Array }): BuiltDocument {
  return { body: Buffer.from(text, 'utf8'), br: toBuffer(row.br), gzip: toBuffer(row.gzip), etag: row.etag };
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
