/**
 * Plans (spec §6, §9): the allowance per plan, database size per plan, usage plan tiers and plan change types.
 * @module
 */
import type { OrganizationPlan } from './enums';
import { KilnError } from './errors';
import { MESSAGES } from './messages';

/** Unlimited allowance. `Infinity` so comparisons just work; serialise it as `null` (see `planAllowanceForJson`). */
export const UNLIMITED = Number.POSITIVE_INFINITY;

/** Allowance per plan: 3 for PRO; 0 for FREE and FREE_USAGE; unlimited for BUSINESS, ENTERPRISE and PRO_USAGE. */
export const PLAN_ALLOWANCE: Readonly<Record<OrganizationPlan, number>> = Object.freeze({
  FREE: 0,
  FREE_USAGE: 0,
  PRO: 3,
  BUSINESS: UNLIMITED,
  ENTERPRISE: UNLIMITED,
  PRO_USAGE: UNLIMITED,
});

/** The plan's allowance (`Infinity` when unlimited). */
export function planAllowance(plan: OrganizationPlan): number {
  return PLAN_ALLOWANCE[plan];
}

/** Whether the plan's allowance is unlimited. */
export function isUnlimitedPlan(plan: OrganizationPlan): boolean {
  return PLAN_ALLOWANCE[plan] === UNLIMITED;
}

/** The allowance as JSON-safe data: a number, or null for unlimited. */
export function planAllowanceForJson(plan: OrganizationPlan): number | null {
  return isUnlimitedPlan(plan) ? null : PLAN_ALLOWANCE[plan];
}

/** How many more the plan allows when `used` are taken (never negative; `Infinity` when unlimited). */
export function remainingAllowance(plan: OrganizationPlan, used: number): number {
  return Math.max(0, PLAN_ALLOWANCE[plan] - used);
}

/** Whether one more fits in the plan's allowance when `used` are taken. */
export function hasAllowanceLeft(plan: OrganizationPlan, used: number): boolean {
  return used < PLAN_ALLOWANCE[plan];
}

/** Throws `KilnError('plan_limit')` when the plan's allowance is used up. */
export function assertAllowanceLeft(plan: OrganizationPlan, used: number): void {
  if (!hasAllowanceLeft(plan, used)) {
    throw new KilnError('plan_limit', MESSAGES.planAllowanceReached(plan), {
      plan,
      used,
      allowance: planAllowanceForJson(plan),
    });
  }
}

export const GIB = 1024 ** 3;

/** Database size per plan in bytes: FREE, FREE_USAGE 1 GiB; PRO, PRO_USAGE 10 GiB; BUSINESS, ENTERPRISE 100 GiB. */
export const DATABASE_SIZE_BYTES: Readonly<Record<OrganizationPlan, number>> = Object.freeze({
  FREE: 1 * GIB,
  FREE_USAGE: 1 * GIB,
  PRO: 10 * GIB,
  PRO_USAGE: 10 * GIB,
  BUSINESS: 100 * GIB,
  ENTERPRISE: 100 * GIB,
});

/** The database size limit of a plan in bytes. */
export function databaseSizeLimit(plan: OrganizationPlan): number {
  return DATABASE_SIZE_BYTES[plan];
}

/** Whether a database of `bytes` is over the plan's size limit. */
export function isOverDatabaseSize(plan: OrganizationPlan, bytes: number): boolean {
  return bytes > DATABASE_SIZE_BYTES[plan];
}
