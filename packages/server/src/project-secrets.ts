/**
 * @module Project secrets (issue 19): API keys and the like a project's functions read as `process.env.NAME`.
 * Values are sealed with the server key (./secrets.ts), bound to the project id so a sealed value copied to
 * another project does not open, and never returned by any API: the list shows names, environment, who set
 * each and when. A secret is set for ALL environments (the default) or for DEVELOPMENT (the builder's preview)
 * or PUBLISHED (the published app) only; a branch's own value wins over the ALL value of the same name.
 */
import type { DatabaseBranch } from '@kiln/core';
import { KilnError } from '@kiln/core';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from './db/index';
import { projectSecrets, users } from './db/schema';
import type { SecretBox } from './secrets';

export const SECRET_ENVIRONMENTS = ['ALL', 'DEVELOPMENT', 'PUBLISHED'] as const;
export type SecretEnvironment = (typeof SECRET_ENVIRONMENTS)[number];

/** Most secrets one project may hold (across environments). */
export const MAX_SECRETS_PER_PROJECT = 100;
/** Largest secret value, in bytes (a PEM key fits). */
export const MAX_SECRET_VALUE_BYTES = 16 * 1024;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** Set by Kiln for every function; a secret may not take its place. */
const RESERVED = new Set(['NODE_ENV']);

export const SECRET_MESSAGES = {
  badName:
    'A secret name is letters, digits and underscores, starting with a letter or underscore (like STRIPE_SECRET_KEY), at most 100 characters.',
  reserved: (name: string) => `${name} is set by Kiln for every function and cannot be a secret.`,
  emptyValue: 'A secret needs a value.',
  tooLarge: `A secret value may be at most ${MAX_SECRET_VALUE_BYTES / 1024} KiB.`,
  tooMany: `A project may hold at most ${MAX_SECRETS_PER_PROJECT} secrets.`,
  badEnvironment: 'environment must be ALL, DEVELOPMENT or PUBLISHED.',
  notFound: (name: string) => `No secret named ${name} in this project.`,
} as const;

/** A secret as the API shows it: never its value. */
export interface ProjectSecretInfo {
  name: string;
  environment: SecretEnvironment;
  updatedAt: Date;
  setBy: { id: string; displayName: string } | null;
}

export function secretEnvironment(value: string | null | undefined): SecretEnvironment {
  const e = value ?? 'ALL';
  if ((SECRET_ENVIRONMENTS as readonly string[]).includes(e)) return e as SecretEnvironment;
  throw new KilnError('validation', SECRET_MESSAGES.badEnvironment);
}

/** The environment that holds a branch's own values. */
const environmentOf = (branch: DatabaseBranch): SecretEnvironment =>
  branch === 'main' ? 'PUBLISHED' : 'DEVELOPMENT';

export async function listProjectSecrets(db: Db, projectId: string): Promise<ProjectSecretInfo[]> {
  const rows = await db
    .select({
      name: projectSecrets.name,
      environment: projectSecrets.environment,
      updatedAt: projectSecrets.updatedAt,
      setById: projectSecrets.setById,
      setByName: users.displayName,
    })
    .from(projectSecrets)
    .leftJoin(users, eq(users.id, projectSecrets.setById))
    .where(eq(projectSecrets.projectId, projectId))
    .orderBy(asc(projectSecrets.name), asc(projectSecrets.environment));
  return rows.map((r) => ({
    name: r.name,
    environment: r.environment as SecretEnvironment,
    updatedAt: r.updatedAt,
    setBy: r.setById ? { id: r.setById, displayName: r.setByName ?? '' } : null,
  }));
}

/** Checks a name and value; throws a validation error saying what to change. */
export function checkSecret(name: string, value: string): void {
  if (!NAME.test(name)) throw new KilnError('validation', SECRET_MESSAGES.badName);
  if (RESERVED.has(name.toUpperCase())) throw new KilnError('validation', SECRET_MESSAGES.reserved(name));
  if (value.length === 0) throw new KilnError('validation', SECRET_MESSAGES.emptyValue);
  if (Buffer.byteLength(value, 'utf8') > MAX_SECRET_VALUE_BYTES) {
    throw new KilnError('too_large', SECRET_MESSAGES.tooLarge);
  }
}

/** Sets (or replaces) one secret. */
export async function setProjectSecret(
  db: Db,
  box: SecretBox,
  input: { projectId: string; name: string; value: string; environment: SecretEnvironment; userId: string },
): Promise<ProjectSecretInfo> {
  checkSecret(input.name, input.value);
  const key = and(
    eq(projectSecrets.projectId, input.projectId),
    eq(projectSecrets.name, input.name),
    eq(projectSecrets.environment, input.environment),
  );
  const [existing] = await db.select({ name: projectSecrets.name }).from(projectSecrets).where(key);
  if (!existing) {
    const [held] = await db
      .select({ n: count() })
      .from(projectSecrets)
      .where(eq(projectSecrets.projectId, input.projectId));
    if ((held?.n ?? 0) >= MAX_SECRETS_PER_PROJECT) throw new KilnError('plan_limit', SECRET_MESSAGES.tooMany);
  }
  const sealedValue = box.encrypt(input.value, sealContext(input.projectId, input.name));
  const updatedAt = new Date();
  await db
    .insert(projectSecrets)
    .values({
      projectId: input.projectId,
      name: input.name,
      environment: input.environment,
      sealedValue,
      setById: input.userId,
      updatedAt,
    })
    .onConflictDoUpdate({
      target: [projectSecrets.projectId, projectSecrets.name, projectSecrets.environment],
      set: { sealedValue, setById: input.userId, updatedAt },
    });
  const [setBy] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, input.userId));
  return { name: input.name, environment: input.environment, updatedAt, setBy: setBy ?? null };
}

/** Deletes a secret: in one environment, or (environment null) in all of them. */
export async function deleteProjectSecret(
  db: Db,
  input: { projectId: string; name: string; environment: SecretEnvironment | null },
): Promise<void> {
  const conditions = [eq(projectSecrets.projectId, input.projectId), eq(projectSecrets.name, input.name)];
  if (input.environment) conditions.push(eq(projectSecrets.environment, input.environment));
  const gone = await db
    .delete(projectSecrets)
    .where(and(...conditions))
    .returning({ name: projectSecrets.name });
  if (gone.length === 0) throw new KilnError('not_found', SECRET_MESSAGES.notFound(input.name));
}

/** The values a branch's functions see, by name: its own environment's over ALL. Only this project's. */
export async function secretsForBranch(
  db: Db,
  box: SecretBox,
  projectId: string,
  branch: DatabaseBranch,
): Promise<Record<string, string>> {
  const rows = await db
    .select({
      name: projectSecrets.name,
      environment: projectSecrets.environment,
      sealedValue: projectSecrets.sealedValue,
    })
    .from(projectSecrets)
    .where(eq(projectSecrets.projectId, projectId));
  const own = environmentOf(branch);
  const env: Record<string, string> = {};
  for (const pass of ['ALL', own] as const) {
    for (const row of rows) {
      if (row.environment === pass)
        env[row.name] = box.decrypt(row.sealedValue, sealContext(projectId, row.name));
    }
  }
  return env;
}

const sealContext = (projectId: string, name: string) => `project-secret:${projectId}:${name}`;
