/**
 * The plan's database size, enforced (issue 14): a statement that may add data (INSERT, UPDATE, a writing CTE)
 * is refused while the app branch's database is over the size its organisation's plan allows; reads and
 * DELETEs still run, so the app can make room. The size is measured at most every few seconds per branch
 * (on disk for PGlite, `pg_database_size` on PostgreSQL), so a burst of writes may pass the limit by what it
 * adds in that time — then the next write is refused.
 * @module
 */
import { DATABASE_SIZE_BYTES, type DatabaseBranch, KilnError, type OrganizationPlan } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { organizations, projects } from '../db/schema';
import type { AppDatabases, AppQueryFacts } from './index';

/** How long a measured size (and the project's plan) is trusted. */
const MEASURE_EVERY_MS = 5000;

/** Bytes as people read a plan's limit: "1 GiB", "512 MiB". */
export function formatLimit(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** The refusal: names the limit and the plan, and says how to write again. */
export const overSizeMessage = (limit: number, plan: string) =>
  `This app's database is over its size limit of ${formatLimit(limit)} (${plan} plan): delete rows to make room, or upgrade the plan. Reading and deleting still work.`;

export class DatabaseSizeLimits {
  readonly #db: Db;
  readonly #databases: AppDatabases;
  readonly #limits: Readonly<Record<OrganizationPlan, number>>;
  readonly #measured = new Map<
    string,
    { at: number; over: Promise<null | { limit: number; plan: string }> }
  >();

  constructor(
    db: Db,
    databases: AppDatabases,
    limits: Readonly<Record<OrganizationPlan, number>> = DATABASE_SIZE_BYTES,
  ) {
    this.#db = db;
    this.#databases = databases;
    this.#limits = limits;
  }

  /** The size limit of a plan in bytes (as configured: `KILN_DATABASE_SIZE_LIMITS`). */
  forPlan(plan: OrganizationPlan): number {
    return this.#limits[plan];
  }

  /** The size limit of a project's databases (each branch on its own). */
  async forProject(projectId: string): Promise<{ limit: number; plan: OrganizationPlan }> {
    const [row] = await this.#db
      .select({ plan: organizations.plan })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.organizationId))
      .where(eq(projects.id, projectId));
    const plan = (row?.plan ?? 'FREE') as OrganizationPlan;
    return { limit: this.forPlan(plan), plan };
  }

  /**
   * An `authorize` hook for AppDatabases.query: throws `plan_limit` for a statement that may add data while
   * the branch is over its limit.
   */
  guard(projectId: string, branch: DatabaseBranch): (facts: AppQueryFacts) => Promise<void> {
    return async (facts) => {
      if (facts.readOnly || facts.kind === 'DeleteStmt') return;
      const over = await this.#over(projectId, branch);
      if (over) throw new KilnError('plan_limit', overSizeMessage(over.limit, over.plan));
    };
  }

  #over(projectId: string, branch: DatabaseBranch) {
    const id = `${projectId}/${branch}`;
    const now = Date.now();
    const seen = this.#measured.get(id);
    if (seen && now - seen.at < MEASURE_EVERY_MS) return seen.over;
    const over = (async () => {
      const { limit, plan } = await this.forProject(projectId);
      if (!Number.isFinite(limit)) return null;
      const size = await this.#databases.size({ projectId, branch });
      return size > limit ? { limit, plan } : null;
    })();
    this.#measured.set(id, { at: now, over });
    over.catch(() => this.#measured.delete(id));
    if (this.#measured.size > 10_000) this.#measured.delete(this.#measured.keys().next().value!);
    return over;
  }
}
