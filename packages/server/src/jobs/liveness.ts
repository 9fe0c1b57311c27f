/**
 * @module Whether the process that claimed a job is alive, on a shared PostgreSQL: each process's workers hold a
 * session advisory lock named after their worker id on a connection of their own. A process that dies — even
 * by `kill -9` — loses its connection and with it the lock, so another process can take its jobs over within
 * seconds instead of after JOB_STALL_TIMEOUT_MS of silent heartbeat. PGlite needs none of this: one process
 * owns it, and everything RUNNING at start is from a dead one.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';

/** The advisory lock's first key ("KILN"), so Kiln's locks are told apart from anyone else's. */
export const LIVENESS_LOCK_CLASS = 0x4b494c4e;
/** How often a process looks for jobs whose owner is gone. */
export const ORPHAN_CHECK_MS = 3000;

/**
 * SQL true when the worker named by `lockedBy` (a column) holds its liveness lock now. The second key is the
 * worker id's hash made non-negative, as pg_locks shows it as an oid.
 */
export const ownerAlive = (lockedBy: unknown) => sql`EXISTS (
  SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.classid = ${LIVENESS_LOCK_CLASS}::oid AND l.objid = (hashtext(${lockedBy}) & 2147483647)::oid)`;

/** Holds `workerId`'s liveness lock for as long as this process lives (and takes it again after a reconnect). */
export class LivenessLock {
  readonly #url: string;
  readonly #workerId: string;
  readonly #log: (msg: string, err?: unknown) => void;
  #client: pg.Client | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(url: string, workerId: string, log: (msg: string, err?: unknown) => void) {
    this.#url = url;
    this.#workerId = workerId;
    this.#log = log;
  }

  /** Takes the lock; resolves once it is held. */
  async hold(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, application_name: `kiln ${this.#workerId}` });
    client.on('error', (err) => {
      // The server went away: the lock went with it. Take it again when the server is back.
      this.#log('the job liveness connection dropped', err);
      if (this.#client === client) this.#client = null;
      this.#again();
    });
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1, hashtext($2) & 2147483647)', [
      LIVENESS_LOCK_CLASS,
      this.#workerId,
    ]);
    this.#client = client;
  }

  #again(): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.hold().catch(() => this.#again());
    }, 1000);
    this.#retry.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    await this.#client?.end().catch(() => {});
    this.#client = null;
  }
}
