import { describe, expect, it } from 'vitest';
import type { OrganizationPlan } from './enums';
import { ORGANIZATION_PLANS } from './enums';
import { isKilnError } from './errors';
import {
  assertAllowanceLeft,
  DATABASE_SIZE_BYTES,
  databaseSizeLimit,
  GIB,
  hasAllowanceLeft,
  isOverDatabaseSize,
  isUnlimitedPlan,
  PLAN_ALLOWANCE,
  planAllowance,
  planAllowanceForJson,
  remainingAllowance,
} from './plans';

describe('plan allowance', () => {
  it.each<[OrganizationPlan, number]>([
    ['PRO', 3],
    ['FREE', 0],
    ['FREE_USAGE', 0],
    ['BUSINESS', Number.POSITIVE_INFINITY],
    ['ENTERPRISE', Number.POSITIVE_INFINITY],
    ['PRO_USAGE', Number.POSITIVE_INFINITY],
  ])('%s allows %d', (plan, allowance) => {
    expect(planAllowance(plan)).toBe(allowance);
    expect(isUnlimitedPlan(plan)).toBe(allowance === Number.POSITIVE_INFINITY);
    expect(planAllowanceForJson(plan)).toBe(allowance === Number.POSITIVE_INFINITY ? null : allowance);
  });

  it('covers every plan', () => {
    expect(Object.keys(PLAN_ALLOWANCE).sort()).toEqual([...ORGANIZATION_PLANS].sort());
  });

  it.each<[OrganizationPlan, number, boolean, number]>([
    ['PRO', 0, true, 3],
    ['PRO', 2, true, 1],
    ['PRO', 3, false, 0],
    ['PRO', 5, false, 0],
    ['FREE', 0, false, 0],
    ['FREE_USAGE', 0, false, 0],
    ['BUSINESS', 1_000_000, true, Number.POSITIVE_INFINITY],
    ['PRO_USAGE', 10, true, Number.POSITIVE_INFINITY],
  ])('%s with %d used: one more fits=%s, remaining %d', (plan, used, fits, remaining) => {
    expect(hasAllowanceLeft(plan, used)).toBe(fits);
    expect(remainingAllowance(plan, used)).toBe(remaining);
  });

  it('rejects use past the allowance with a plan_limit error (HTTP 402)', () => {
    let error: unknown;
    try {
      assertAllowanceLeft('PRO', 3);
    } catch (e) {
      error = e;
    }
    expect(isKilnError(error) && error.status).toBe(402);
    expect(() => assertAllowanceLeft('PRO', 2)).not.toThrow();
    expect(() => assertAllowanceLeft('ENTERPRISE', 99)).not.toThrow();
  });
});

describe('database size per plan', () => {
  it.each<[OrganizationPlan, number]>([
    ['FREE', 1],
    ['FREE_USAGE', 1],
    ['PRO', 10],
    ['PRO_USAGE', 10],
    ['BUSINESS', 100],
    ['ENTERPRISE', 100],
  ])('%s: %d GiB', (plan, gib) => {
    expect(databaseSizeLimit(plan)).toBe(gib * 1024 ** 3);
    expect(DATABASE_SIZE_BYTES[plan]).toBe(gib * GIB);
    expect(isOverDatabaseSize(plan, gib * GIB)).toBe(false);
    expect(isOverDatabaseSize(plan, gib * GIB + 1)).toBe(true);
  });
});
