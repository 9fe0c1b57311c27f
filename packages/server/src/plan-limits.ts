/**
 * @module The plan limits on private projects and pages (spec §6: "plan limits on private projects and pages
 * exist", values not shown): how many PRIVATE projects an organisation may have, and how many pages a PRIVATE
 * project may publish. Defaults below; `KILN_PRIVATE_PROJECT_LIMITS` / `KILN_PRIVATE_PAGE_LIMITS` override
 * them per plan as JSON (`{"PRO": 10, "FREE": 1}`; null = unlimited).
 */
import { ORGANIZATION_PLANS, type OrganizationPlan, PLAN_ALLOWANCE, UNLIMITED } from '@kiln/core';
import { z } from 'zod';

export type PlanLimit = Readonly<Record<OrganizationPlan, number>>;

export interface PrivateLimits {
  /** PRIVATE projects per organisation (default: the plan allowance: FREE 0, PRO 3, unlimited for the rest). */
  readonly projects: PlanLimit;
  /** Pages a PRIVATE project may publish (default FREE 0, FREE_USAGE 0, PRO 20, unlimited for the rest). */
  readonly pages: PlanLimit;
}

export const DEFAULT_PRIVATE_PROJECT_LIMITS: PlanLimit = PLAN_ALLOWANCE;

export const DEFAULT_PRIVATE_PAGE_LIMITS: PlanLimit = Object.freeze({
  FREE: 0,
  FREE_USAGE: 0,
  PRO: 20,
  PRO_USAGE: UNLIMITED,
  BUSINESS: UNLIMITED,
  ENTERPRISE: UNLIMITED,
});

const LimitsJson = z.partialRecord(z.enum(ORGANIZATION_PLANS), z.number().int().min(0).nullable());

/** Defaults overridden by a JSON object per plan; throws a sentence naming the variable on bad input. */
export function parsePlanLimit(name: string, json: string | undefined, defaults: PlanLimit): PlanLimit {
  if (!json?.trim()) return defaults;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${name} must be JSON, e.g. {"PRO": 10, "BUSINESS": null}`);
  }
  const parsed = LimitsJson.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${name}: use plan names (${ORGANIZATION_PLANS.join(', ')}) with a whole number ≥ 0, or null for unlimited`,
    );
  }
  const out = { ...defaults };
  for (const [plan, limit] of Object.entries(parsed.data) as [OrganizationPlan, number | null][]) {
    out[plan] = limit ?? UNLIMITED;
  }
  return Object.freeze(out);
}

/** A limit as JSON-safe data: a number, or null when unlimited. */
export const limitForJson = (limit: number): number | null => (limit === UNLIMITED ? null : limit);

const MiB = 1024 * 1024;

/**
 * Largest file a visitor may upload to an app, per plan of the app's organisation (bytes). `KILN_UPLOAD_LIMITS`
 * overrides it as JSON (`{"FREE": 5242880}`); null (unlimited) still stops at `UPLOAD_CEILING_BYTES`, since an
 * upload is held in memory while its type is checked.
 */
export const DEFAULT_UPLOAD_LIMITS: PlanLimit = Object.freeze({
  FREE: 10 * MiB,
  FREE_USAGE: 10 * MiB,
  PRO: 25 * MiB,
  PRO_USAGE: 25 * MiB,
  BUSINESS: 100 * MiB,
  ENTERPRISE: 100 * MiB,
});

/** No upload is larger than this, whatever the plan says (512 MiB). */
export const UPLOAD_CEILING_BYTES = 512 * MiB;

/** The upload limit for a plan: its configured value, at most the ceiling. */
export const uploadLimitFor = (limits: PlanLimit, plan: OrganizationPlan): number =>
  Math.min(limits[plan] ?? limits.FREE, UPLOAD_CEILING_BYTES);
