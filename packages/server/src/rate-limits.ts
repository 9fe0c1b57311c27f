/**
 * @module Rate limits on the account endpoints (rate-limiter-flexible): sign-in failures per account and
 * per client address, account mails per e-mail address, sign-ups per client address. In memory with the
 * embedded database (one process); in the PostgreSQL table `kiln_rate_limits` when `DATABASE_URL` is set,
 * so every Kiln process on that database shares the counts. Every number is in `RATE_LIMITS`.
 */
import { createHash } from 'node:crypto';
import { KilnError } from '@kiln/core';
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';

/** A fixed window: at most `points` in `durationSeconds`, counted from the first one. */
export interface Limit {
  readonly points: number;
  readonly durationSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit, in one place (README "Accounts" and SECURITY.md repeat these numbers). */
export const RATE_LIMITS = Object.freeze({
  /** Failed sign-ins for one account from one address; a successful sign-in starts it again. */
  signInPerAccountAndAddress: { points: 10, durationSeconds: 15 * MINUTE },
  /** Failed sign-ins for one account from anywhere (guessing spread over many addresses). */
  signInPerAccount: { points: 50, durationSeconds: HOUR },
  /** Failed sign-ins from one address to any accounts (one guess each on many accounts). */
  signInPerAddress: { points: 100, durationSeconds: HOUR },
  /** Password-reset mails to one e-mail address. */
  resetMailsPerEmail: { points: 3, durationSeconds: HOUR },
  /** Verification mails to one e-mail address (the one sent at sign-up counts). */
  verificationMailsPerEmail: { points: 3, durationSeconds: HOUR },
  /** "Someone tried to create an account with this address" mails to one e-mail address. */
  accountExistsMailsPerEmail: { points: 3, durationSeconds: HOUR },
  /** Sign-up attempts from one address, valid or not (KILN_SIGNUP_LIMIT changes it; 0 turns it off). */
  signUpPerAddress: { points: 10, durationSeconds: HOUR },
  /** Uploads to one app (and its presigns) from one address (src/uploads). */
  uploadsPerAppAndAddress: { points: 200, durationSeconds: HOUR },
  /** Public-sheet submissions to one app from one address. */
  sheetRowsPerAppAndAddress: { points: 30, durationSeconds: HOUR },
  /** Outbound `fetch` calls of one app's functions (a project on one branch; functions/outbound.ts). */
  functionFetchesPerApp: { points: 120, durationSeconds: MINUTE },
  /** AI requests of one app's functions (`@/integrations/ai`; app-integrations.ts). */
  functionAiCallsPerApp: { points: 30, durationSeconds: MINUTE },
  /** E-mails one app's functions send (`@/integrations/email`). */
  functionMailsPerApp: { points: 20, durationSeconds: HOUR },
  /** Analytics batches (up to 20 events each) one address sends to one published app. */
  analyticsPerAppAndAddress: { points: 120, durationSeconds: 10 * MINUTE },
  /** Images generated (cache misses of `/api/ai-img`) for one address on one app; past it, placeholders. */
  aiImagesPerAppAndAddress: { points: 30, durationSeconds: HOUR },
  /** Images one person attaches to chat messages (chat-attachments.ts). */
  chatImagesPerUser: { points: 200, durationSeconds: HOUR },
} satisfies Record<string, Limit>);

export type LimitName = keyof typeof RATE_LIMITS;

/** The PostgreSQL table the shared counters live in (created on first use, outside the migrations). */
export const RATE_LIMIT_TABLE = 'kiln_rate_limits';

/** Keys are hashed: the table holds no e-mail addresses or client addresses, and keys fit its column. */
function keyOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

/** An account's key part: its e-mail as typed at sign-in, trimmed and lower-cased. */
const accountOf = (email: string) => email.trim().toLowerCase();

export class RateLimits {
  private constructor(
    private readonly limiters: Readonly<Record<LimitName, RateLimiterAbstract | null>>,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  /** Counters in this process's memory (the embedded database: one process). */
  static memory(opts: { signUpsPerHour?: number } = {}): RateLimits {
    return new RateLimits(
      limitersWith(opts, (keyPrefix, limit) => new RateLimiterMemory(options(keyPrefix, limit))),
    );
  }

  /** Counters in PostgreSQL, shared by every process on the database; `close()` ends its small pool. */
  static async postgres(databaseUrl: string, opts: { signUpsPerHour?: number } = {}): Promise<RateLimits> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    pool.on('error', () => {}); // an idle client dropped by the server; the next query opens another
    // One CREATE TABLE IF NOT EXISTS before the limiters. Two processes creating it at the same moment can both
    // pass the IF NOT EXISTS and one then fails on the table's row type ("type … already exists", 42710, or a
    // unique violation in pg_type, 23505): the table is there then, and a second try finds it.
    const create = () =>
      new Promise<void>((resolve, reject) => {
        new RateLimiterPostgres(
          {
            storeClient: pool,
            tableName: RATE_LIMIT_TABLE,
            points: 1,
            duration: 1,
            clearExpiredByTimeout: false,
          },
          (err?: unknown) => (err ? reject(err) : resolve()),
        );
      });
    await create().catch((err: { code?: string }) => {
      if (err?.code === '42710' || err?.code === '23505' || err?.code === '42P07') return create();
      throw err;
    });
    const limiters = limitersWith(
      opts,
      (keyPrefix, limit) =>
        new RateLimiterPostgres({
          ...options(keyPrefix, limit),
          storeClient: pool,
          storeType: 'pool',
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
        }),
    );
    // Rows of windows that ended an hour ago are deleted every 5 minutes (by each process; harmless twice).
    const sweep = setInterval(
      () => {
        pool
          .query(`DELETE FROM "${RATE_LIMIT_TABLE}" WHERE expire < $1`, [Date.now() - HOUR * 1000])
          .catch(() => {});
      },
      5 * MINUTE * 1000,
    );
    sweep.unref();
    return new RateLimits(limiters, async () => {
      clearInterval(sweep);
      await pool.end();
    });
  }

  /**
   * Counts one against `name` for this key: null while within the limit, else the seconds until the window
   * ends. Atomic in the store, so parallel requests cannot all slip under the limit.
   */
  async take(name: LimitName, ...key: string[]): Promise<number | null> {
    const limiter = this.limiters[name];
    if (!limiter) return null;
    try {
      await limiter.consume(keyOf(...key));
      return null;
    } catch (e) {
      if (e instanceof RateLimiterRes) return secondsOf(e);
      throw e;
    }
  }

  /** The seconds until `name` allows this key again when it is used up now, else null (counts nothing). */
  async blockedFor(name: LimitName, ...key: string[]): Promise<number | null> {
    const limiter = this.limiters[name];
    if (!limiter) return null;
    const res = await limiter.get(keyOf(...key));
    return res && res.consumedPoints >= limiter.points ? secondsOf(res) : null;
  }

  /** Takes back one counted with `take` (a sign-in that succeeded was no failure). */
  async giveBack(name: LimitName, ...key: string[]): Promise<void> {
    await this.limiters[name]?.reward(keyOf(...key));
  }

  /** Forgets this key's count. */
  async reset(name: LimitName, ...key: string[]): Promise<void> {
    await this.limiters[name]?.delete(keyOf(...key));
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}

function options(keyPrefix: string, limit: Limit) {
  return { keyPrefix, points: limit.points, duration: limit.durationSeconds };
}

function limitersWith(
  opts: { signUpsPerHour?: number },
  make: (keyPrefix: string, limit: Limit) => RateLimiterAbstract,
): Record<LimitName, RateLimiterAbstract | null> {
  const limits: Record<LimitName, Limit> = { ...RATE_LIMITS };
  if (opts.signUpsPerHour !== undefined)
    limits.signUpPerAddress = { points: opts.signUpsPerHour, durationSeconds: HOUR };
  return Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [name, limit.points > 0 ? make(name, limit) : null]),
  ) as Record<LimitName, RateLimiterAbstract | null>;
}

const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** "Try again in 15 minutes." — whole minutes, rounded up. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** A `rate_limited` error (HTTP 429) whose response carries `Retry-After: seconds`. */
export function rateLimited(message: string, retryAfterSeconds: number): KilnError {
  return new KilnError('rate_limited', message, { retryAfterSeconds });
}

/**
 * Guards one sign-in: refused (429) while any sign-in limit is used up for this account or address, else
 * counted as a failure before the password is checked. Call `succeeded()` when it was right: the
 * account+address count starts again and the attempt is taken back from the other two.
 */
export async function guardSignIn(
  limits: RateLimits,
  email: string,
  address: string,
): Promise<{ succeeded(): Promise<void> }> {
  const account = accountOf(email);
  const counters: [LimitName, ...string[]][] = [
    ['signInPerAccountAndAddress', account, address],
    ['signInPerAccount', account],
    ['signInPerAddress', address],
  ];
  const refuse = (waits: (number | null)[]) => {
    const wait = Math.max(0, ...waits.map((w) => w ?? 0));
    if (wait > 0) throw rateLimited(`Too many sign-in attempts. ${tryAgainIn(wait)}`, wait);
  };
  // Refused attempts are not counted, so waiting out the window is always enough.
  refuse(await Promise.all(counters.map(([name, ...key]) => limits.blockedFor(name, ...key))));
  refuse(await Promise.all(counters.map(([name, ...key]) => limits.take(name, ...key))));
  return {
    async succeeded() {
      await Promise.all([
        limits.reset('signInPerAccountAndAddress', account, address),
        limits.giveBack('signInPerAccount', account),
        limits.giveBack('signInPerAddress', address),
      ]);
    },
  };
}

/** Whether one more mail of this kind may go to this address now (counts it when it may). */
export async function mayMail(
  limits: RateLimits,
  name: 'resetMailsPerEmail' | 'verificationMailsPerEmail' | 'accountExistsMailsPerEmail',
  email: string,
): Promise<boolean> {
  return (await limits.take(name, accountOf(email))) === null;
}

/** Counts a sign-up from this address; 429 when there were too many. */
export async function guardSignUp(limits: RateLimits, address: string): Promise<void> {
  const wait = await limits.take('signUpPerAddress', address);
  if (wait !== null)
    throw rateLimited(`Too many accounts were created from your network. ${tryAgainIn(wait)}`, wait);
}
