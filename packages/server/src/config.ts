/**
 * @module The server's configuration: the environment read once, checked with zod, frozen, passed in.
 * No other file reads `process.env` (see .env.example for every variable).
 */
import { resolve } from 'node:path';
import { type ModelSettings, modelSettingsFromEnv } from '@kiln/codegen';
import { DATABASE_SIZE_BYTES } from '@kiln/core';
import { z } from 'zod';
import type { AnalyticsOptions } from './analytics/store';
import type { EgressPolicy } from './net/egress';
import { DEFAULT_PACKAGE_LIMITS, type PackageLimits } from './packages/resolver';
import {
  DEFAULT_PRIVATE_PAGE_LIMITS,
  DEFAULT_PRIVATE_PROJECT_LIMITS,
  DEFAULT_UPLOAD_LIMITS,
  type PlanLimit,
  type PrivateLimits,
  parsePlanLimit,
} from './plan-limits';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().optional(),
  KILN_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  KILN_BASE_DOMAIN: z.string().default('localhost'),
  KILN_PUBLIC_URL: z.string().url().optional(),
  KILN_MODEL: z.string().default('builtin'),
  KILN_BUILTIN_DELAY_MS: z.coerce.number().int().min(0).default(3),
  KILN_WORKERS: z.coerce.number().int().min(0).default(2),
  KILN_WASM_TIER_UP: z.enum(['0', '1', 'true', 'false', '']).optional(),
  KILN_SECRET_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  KILN_PRIVATE_PROJECT_LIMITS: z.string().optional(),
  KILN_PRIVATE_PAGE_LIMITS: z.string().optional(),
  KILN_DATABASE_SIZE_LIMITS: z.string().optional(),
  KILN_MAIL_FROM: z.string().default('Kiln <kiln@localhost>'),
  KILN_TRUST_PROXY: z.enum(['0', '1', 'true', 'false', '']).optional(),
  KILN_SIGNUP_LIMIT: z.coerce.number().int().min(0).default(10),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  KILN_NPM_REGISTRY: z.string().url().optional(),
  KILN_NPM_MAX_BYTES: z.coerce.number().int().positive().default(DEFAULT_PACKAGE_LIMITS.maxBytes),
  KILN_NPM_MAX_FILES: z.coerce.number().int().positive().default(DEFAULT_PACKAGE_LIMITS.maxFiles),
  KILN_NPM_MAX_PACKAGES: z.coerce.number().int().positive().default(DEFAULT_PACKAGE_LIMITS.maxPackages),
  KILN_NPM_DENY: z.string().optional(),
  KILN_NPM_TOKEN: z.string().optional(),
  KILN_OAUTH_ISSUERS: z.string().optional(),
  KILN_ANALYTICS: z.enum(['on', 'off']).default('on'),
  KILN_ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  KILN_EGRESS: z.enum(['on', 'off']).default('on'),
  KILN_EGRESS_ALLOW_HOSTS: z.string().optional(),
  S3_URL: z.string().optional(),
  KILN_UPLOAD_LIMITS: z.string().optional(),
  KILN_LOG_RETENTION_DAYS: z.coerce.number().positive().default(7),
  KILN_VERIFY: z.enum(['on', 'off']).default('on'),
  KILN_PRERENDER: z.enum(['on', 'off']).default('on'),
  KILN_GIT_BACKGROUND: z.enum(['on', 'off']).default('on'),
  KILN_CHROMIUM_ENDPOINT: z.string().url().optional(),
  KILN_STRICT_CSP: z.enum(['on', 'off']).optional(),
  KILN_DATA_SNAPSHOTS: z.coerce.number().int().min(0).max(1000).default(10),
});

export interface KilnConfig {
  /** Port the HTTP server listens on (default 4000; 0 picks a free one). */
  readonly port: number;
  /** Interface to listen on; unset = every interface, IPv6 and IPv4 (Node's default). */
  readonly host: string | undefined;
  /** Where the embedded database and files live (default ./data). */
  readonly dataDir: string;
  /** PostgreSQL instead of the embedded PGlite when set. */
  readonly databaseUrl: string | undefined;
  /** Base domain of every origin: `{projectId}.preview.{base}`, `{slug}.apps.{base}`, `files.{base}`. */
  readonly baseDomain: string;
  /** Public URL of the builder; its port is used in preview and app URLs. Default http://localhost:{port}. */
  readonly publicUrl: string | undefined;
  /** `KILN_MODEL`: builtin, openai:MODEL, anthropic:MODEL, ollama:MODEL, lmstudio:MODEL, openai-compatible:MODEL. */
  readonly model: string;
  /**
   * Keys, base URL and image input for the model (OPENAI_API_KEY, ANTHROPIC_API_KEY, KILN_MODEL_API_KEY,
   * KILN_MODEL_BASE_URL, KILN_MODEL_IMAGES).
   */
  readonly modelSettings: ModelSettings;
  /** Pause between builtin generator chunks, so the preview visibly "types" (0 in tests). */
  readonly builtinDelayMs: number;
  /** In-process generation workers (0 = this process claims no jobs). */
  readonly workers: number;
  /**
   * `KILN_WASM_TIER_UP=1`: the embedded databases (PGlite) get V8's optimising WebAssembly compiler — queries
   * ~1.3–1.6× faster, ~35–60 MiB more resident at idle. Default off (src/memory.ts).
   */
  readonly wasmTierUp: boolean;
  /** `KILN_SECRET_KEY`: 32 bytes (base64 or hex) that encrypt stored secrets; unset: `dataDir/secret.key`. */
  readonly secretKey: string | undefined;
  /** SMTP server for e-mail (smtp://user:pass@host:587); unset: mail goes to the log and /dev/mailbox. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Private projects per organisation and pages per private project, per plan (KILN_PRIVATE_*_LIMITS). */
  readonly privateLimits: PrivateLimits;
  /** `KILN_DATABASE_SIZE_LIMITS`: bytes one app branch's database may hold, per plan (default: the plans'). */
  readonly databaseSizeLimits: PlanLimit;
  /** `KILN_TRUST_PROXY=1`: take the client's address from `X-Forwarded-For` (only behind a proxy that sets it). */
  readonly trustProxy: boolean;
  /** `KILN_SIGNUP_LIMIT`: sign-ups per client address per hour (default 10; 0 = no limit). */
  readonly signUpLimit: number;
  readonly env: 'development' | 'production' | 'test';
  /** npm packages generated code imports (src/packages): registry override, caps, deny-list. */
  readonly npm: {
    /** `KILN_NPM_REGISTRY`; unset: the registry this machine's npm is configured for. */
    readonly registry: string | undefined;
    /** `KILN_NPM_MAX_BYTES`, `KILN_NPM_MAX_FILES`, `KILN_NPM_MAX_PACKAGES`: per import, dependencies included. */
    readonly limits: Readonly<PackageLimits>;
    /** `KILN_NPM_TOKEN`: a bearer token for the registry (npmrc credentials are read besides); never logged. */
    readonly token: string | undefined;
    /** `KILN_NPM_DENY`: comma-separated package names (or `@scope/*`) never resolved. */
    readonly deny: readonly string[];
  };
  /** Published apps' page views and events (src/analytics). */
  readonly analytics: AnalyticsOptions;
  /** Outbound requests for others (URL uploads, functions' fetch) through `net/egress.ts`: `KILN_EGRESS=off`
   * refuses all; `KILN_EGRESS_ALLOW_HOSTS` (comma-separated `host` or `host:port`) skips the address check. */
  readonly egress: EgressPolicy;
  /** Uploads (src/uploads): where files live and how large one may be. */
  readonly uploads: {
    /**
     * `S3_URL`: an S3-compatible store shared by every process (uploads, and the npm bundle cache under `npm/`);
     * unset: the folder `{dataDir}/files`.
     */
    readonly s3Url: string | undefined;
    /** `KILN_UPLOAD_LIMITS`: bytes per file, per plan (default FREE 10 MiB, PRO 25 MiB, BUSINESS 100 MiB). */
    readonly limits: PlanLimit;
  };
  /** `KILN_LOG_RETENTION_DAYS`: how long generated functions' logs are kept (default 7; fractions allowed). */
  readonly logRetentionDays: number;
  /**
   * `KILN_VERIFY` (`on` | `off`, default on): every generated revision's changed pages are opened and walked in
   * headless Chromium and a report stored (jobs/verification.ts); a project can switch it off for itself.
   */
  readonly verify: boolean;
  /**
   * `KILN_PRERENDER` (`on` | `off`, default on): after a publish, each page without route parameters is rendered
   * in headless Chromium and the pages that needed no data are served with their markup (hosting/prerender.ts).
   */
  readonly prerender: boolean;
  /**
   * `KILN_GIT_BACKGROUND` (`on` | `off`, default on): each finished revision is committed to its project's git
   * history shortly after it finishes. Off: the history is brought up to date only when it is read (Git settings,
   * a push, a clone over HTTP, an export), which spawns no git processes while people generate.
   */
  readonly gitBackground: boolean;
  /**
   * `KILN_CHROMIUM_ENDPOINT` (a `ws://` URL, default none): render checks, verification and prerendering connect
   * to this running Chromium (Playwright's `launchServer`) instead of starting their own. The test suite shares
   * one this way; a deployment can point it at a browser it runs beside the server.
   */
  readonly chromiumEndpoint: string | undefined;
  /**
   * `KILN_STRICT_CSP` (`on` | `off`): the builder's pages allow only their own script files (`script-src 'self'`).
   * Default on, except on a local development server (no `KILN_PUBLIC_URL`, base domain `localhost`), where inline
   * scripts are allowed too so developer tools that inject a script (axe-core, Playwright's `addScriptTag`,
   * bookmarklets) work. SECURITY.md says why.
   */
  readonly strictCsp: boolean;
  /**
   * `KILN_DATA_SNAPSHOTS`: how many of a project's latest revisions keep a copy of the development database, for
   * "Restore code and data" (default 10; 0 turns snapshots off). Each costs the branch's size on disk.
   */
  readonly dataSnapshots: number;
  /**
   * `KILN_OAUTH_ISSUERS` (`google=https://issuer,facebook=…`): a visitor sign-in provider's endpoints replaced by
   * an OpenID Connect issuer (a company's own identity provider, or the tests' local one). Default: none.
   */
  readonly oauthIssuers: Readonly<Record<string, string>>;
}

/** `provider=url,provider=url` → `{ provider: url }`; every url must be http(s). */
function parseIssuers(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const url = part.slice(eq + 1).trim();
    if (eq < 1 || !/^https?:\/\/\S+$/.test(url)) {
      throw new Error(`Invalid environment:\n  KILN_OAUTH_ISSUERS: "${part}" is not provider=https://issuer`);
    }
    out[name] = url;
  }
  return out;
}

/** Parse an environment (default `process.env`) into a frozen config; throws a readable error on bad values. */
export function loadConfig(env: Record<string, string | undefined> = process.env): KilnConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let privateLimits: PrivateLimits;
  let databaseSizeLimits: PlanLimit;
  let uploadLimits: PlanLimit;
  try {
    uploadLimits = parsePlanLimit('KILN_UPLOAD_LIMITS', e.KILN_UPLOAD_LIMITS, DEFAULT_UPLOAD_LIMITS);
    privateLimits = Object.freeze({
      projects: parsePlanLimit(
        'KILN_PRIVATE_PROJECT_LIMITS',
        e.KILN_PRIVATE_PROJECT_LIMITS,
        DEFAULT_PRIVATE_PROJECT_LIMITS,
      ),
      pages: parsePlanLimit(
        'KILN_PRIVATE_PAGE_LIMITS',
        e.KILN_PRIVATE_PAGE_LIMITS,
        DEFAULT_PRIVATE_PAGE_LIMITS,
      ),
    });
    databaseSizeLimits = parsePlanLimit(
      'KILN_DATABASE_SIZE_LIMITS',
      e.KILN_DATABASE_SIZE_LIMITS,
      DATABASE_SIZE_BYTES,
    );
  } catch (err) {
    throw new Error(`Invalid environment:\n  ${(err as Error).message}`);
  }
  const oauthIssuers = Object.freeze(parseIssuers(e.KILN_OAUTH_ISSUERS));
  return Object.freeze({
    oauthIssuers,
    port: e.PORT,
    host: e.HOST || undefined,
    dataDir: resolve(e.KILN_DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    baseDomain: e.KILN_BASE_DOMAIN,
    publicUrl: e.KILN_PUBLIC_URL,
    model: e.KILN_MODEL,
    modelSettings: Object.freeze(modelSettingsFromEnv(env)),
    builtinDelayMs: e.KILN_BUILTIN_DELAY_MS,
    workers: e.KILN_WORKERS,
    wasmTierUp: e.KILN_WASM_TIER_UP === '1' || e.KILN_WASM_TIER_UP === 'true',
    secretKey: e.KILN_SECRET_KEY?.trim() || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.KILN_MAIL_FROM,
    privateLimits,
    databaseSizeLimits,
    trustProxy: e.KILN_TRUST_PROXY === '1' || e.KILN_TRUST_PROXY === 'true',
    signUpLimit: e.KILN_SIGNUP_LIMIT,
    env: e.NODE_ENV,
    npm: Object.freeze({
      registry: e.KILN_NPM_REGISTRY || undefined,
      limits: Object.freeze({
        maxBytes: e.KILN_NPM_MAX_BYTES,
        maxFiles: e.KILN_NPM_MAX_FILES,
        maxPackages: e.KILN_NPM_MAX_PACKAGES,
      }),
      token: e.KILN_NPM_TOKEN || undefined,
      deny: Object.freeze(commaList(e.KILN_NPM_DENY)),
    }),
    egress: Object.freeze({
      enabled: e.KILN_EGRESS === 'on',
      allowHosts: Object.freeze(commaList(e.KILN_EGRESS_ALLOW_HOSTS)),
    }),
    uploads: Object.freeze({ s3Url: e.S3_URL?.trim() || undefined, limits: uploadLimits }),
    logRetentionDays: e.KILN_LOG_RETENTION_DAYS,
    verify: e.KILN_VERIFY === 'on',
    prerender: e.KILN_PRERENDER === 'on',
    gitBackground: e.KILN_GIT_BACKGROUND === 'on',
    chromiumEndpoint: e.KILN_CHROMIUM_ENDPOINT || undefined,
    strictCsp:
      e.KILN_STRICT_CSP === undefined
        ? Boolean(e.KILN_PUBLIC_URL) || e.KILN_BASE_DOMAIN !== 'localhost'
        : e.KILN_STRICT_CSP === 'on',
    dataSnapshots: e.KILN_DATA_SNAPSHOTS,
    analytics: Object.freeze({
      enabled: e.KILN_ANALYTICS === 'on',
      retentionDays: e.KILN_ANALYTICS_RETENTION_DAYS,
    }),
  });
}

/** The non-empty, trimmed items of a comma-separated setting. */
function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
