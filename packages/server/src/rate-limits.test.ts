import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL, postgresAvailable } from '../test/harness';
import { guardSignIn, RATE_LIMITS, RateLimits, tryAgainIn } from './rate-limits';

const withPostgres = await postgresAvailable();

describe('rate limits', () => {
  it('counts up to the limit, then answers the seconds left in the window', async () => {
    const limits = RateLimits.memory();
    for (let i = 0; i < RATE_LIMITS.resetMailsPerEmail.points; i++) {
      expect(await limits.take('resetMailsPerEmail', 'a@example.com')).toBeNull();
    }
    const wait = await limits.take('resetMailsPerEmail', 'a@example.com');
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await limits.take('resetMailsPerEmail', 'b@example.com')).toBeNull();
  });

  it('counts a sign-in before the password is checked, so parallel guesses stop at the limit', async () => {
    const limits = RateLimits.memory();
    const tries = await Promise.allSettled(
      Array.from({ length: 25 }, () => guardSignIn(limits, 'x@example.com', '203.0.113.1')),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(10);
    const refused = tries.find((t) => t.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.kind).toBe('rate_limited');
    expect(refused.reason.details.retryAfterSeconds).toBeGreaterThan(890);
  });

  it('turns the sign-up limit off with 0 and sets it with a number', async () => {
    const off = RateLimits.memory({ signUpsPerHour: 0 });
    for (let i = 0; i < 20; i++) expect(await off.take('signUpPerAddress', '203.0.113.2')).toBeNull();
    const two = RateLimits.memory({ signUpsPerHour: 2 });
    expect(await two.take('signUpPerAddress', '203.0.113.2')).toBeNull();
    expect(await two.take('signUpPerAddress', '203.0.113.2')).toBeNull();
    expect(await two.take('signUpPerAddress', '203.0.113.2')).toBeGreaterThan(0);
  });

  it('says when to try again in whole minutes, rounded up', () => {
    expect(tryAgainIn(900)).toBe('Try again in 15 minutes.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(5)).toBe('Try again in 1 minute.');
  });

  it.runIf(withPostgres)('shares counts between two limiters on one PostgreSQL database', async () => {
    const name = `kiln_test_rl_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = `postgres://postgres@127.0.0.1:5432/${name}`;
    const [a, b] = await Promise.all([RateLimits.postgres(url), RateLimits.postgres(url)]);
    try {
      expect(await a.take('verificationMailsPerEmail', 'c@example.com')).toBeNull();
      expect(await b.take('verificationMailsPerEmail', 'c@example.com')).toBeNull();
      expect(await a.blockedFor('verificationMailsPerEmail', 'c@example.com')).toBeNull();
      expect(await b.take('verificationMailsPerEmail', 'c@example.com')).toBeNull();
      expect(await a.blockedFor('verificationMailsPerEmail', 'c@example.com')).toBeGreaterThan(3590);
      expect(await a.take('verificationMailsPerEmail', 'c@example.com')).toBeGreaterThan(3590);
      await b.reset('verificationMailsPerEmail', 'c@example.com');
      expect(await a.take('verificationMailsPerEmail', 'c@example.com')).toBeNull();
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
