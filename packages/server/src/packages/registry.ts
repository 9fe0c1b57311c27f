/**
 * @module Which npm registry the server uses, and with which credentials: `KILN_NPM_REGISTRY` when set, else the
 * one this machine's npm is configured for (`npm config list`, which reads npmrc files and `npm_config_*` the way
 * npm does), plus any scoped registries (`@scope:registry`) from the same config. npm hides credentials from
 * `npm config` (they are "protected"), so the registry credentials (`//host/path/:_authToken`, `:_auth`,
 * `:username`, `:_password`) are read from the npmrc files npm reads — project, user, global — with `${VAR}`
 * expanded as npm does; `KILN_NPM_TOKEN` is a bearer token for the registry in use. Read once per process.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RegistryConfig {
  /** The default registry, ending in `/`. */
  registry: string;
  /** `@scope:registry` entries of npm's config, passed to pacote as they are. */
  scoped: Record<string, string>;
  /** Credentials by npm's "nerf-darted" key (`//registry.example.com/:_authToken`), passed to pacote as they are. */
  auth: Record<string, string>;
}

let fromNpm: Promise<RegistryConfig> | null = null;

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** A credential setting of an npmrc: `//host[/path]/:_authToken` and its kin. */
const CREDENTIAL_KEY = /^\/\/.+:(?:_authToken|_auth|username|_password)$/;

/** npm's key for a registry URL's credentials: the URL without its protocol (`//host/path/`). */
export function nerfDart(registry: string): string {
  const url = new URL(withSlash(registry));
  return `//${url.host}${url.pathname}`;
}

/**
 * The credential settings of one npmrc text: `key=value` lines (`;`/`#` comments, quoted values), `${VAR}` and
 * `${VAR?}` expanded from `env` as npm does (an unset `${VAR}` leaves the line out).
 */
export function npmrcCredentials(text: string, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    if (!CREDENTIAL_KEY.test(key)) continue;
    let value = line.slice(eq + 1).trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    let missing = false;
    value = value.replace(/\$\{([^}?]+)(\?)?\}/g, (_, name: string, optional?: string) => {
      const v = env[name];
      if (v === undefined && !optional) missing = true;
      return v ?? '';
    });
    if (!missing && value) out[key] = value;
  }
  return out;
}

/** Credentials from the npmrc files npm reads, the project's first (it wins), then the user's, then the global. */
async function npmrcFiles(files: readonly string[]): Promise<Record<string, string>> {
  const auth: Record<string, string> = {};
  for (const file of [...files].reverse()) {
    const text = await readFile(file, 'utf8').catch(() => '');
    Object.assign(auth, npmrcCredentials(text, process.env));
  }
  return auth;
}

/** `KILN_NPM_TOKEN` as the bearer token of `registry` (it wins over the npmrc files). */
function withToken(
  auth: Record<string, string>,
  registry: string,
  token: string | undefined,
): Record<string, string> {
  return token ? { ...auth, [`${nerfDart(registry)}:_authToken`]: token } : auth;
}

/** npm's own registry settings, read by asking npm. */
function npmRegistry(token: string | undefined): Promise<RegistryConfig> {
  fromNpm ??= (async () => {
    const [{ stdout }, prefix] = await Promise.all([
      run('npm', ['config', 'list', '--json'], { timeout: 30_000, windowsHide: true }),
      run('npm', ['prefix'], { timeout: 30_000, windowsHide: true }).then(
        (r) => r.stdout.trim(),
        () => process.cwd(),
      ),
    ]);
    const config = JSON.parse(stdout) as Record<string, unknown>;
    const scoped: Record<string, string> = {};
    for (const [key, value] of Object.entries(config)) {
      if (/^@[^:]+:registry$/.test(key) && typeof value === 'string') scoped[key] = value;
    }
    const registry = typeof config.registry === 'string' ? config.registry : '';
    if (!registry) throw new Error('npm config has no registry');
    const files = [join(prefix, '.npmrc'), config.userconfig, config.globalconfig].filter(
      (f): f is string => typeof f === 'string' && f !== '',
    );
    return {
      registry: withSlash(registry),
      scoped,
      auth: withToken(await npmrcFiles(files), registry, token),
    };
  })().catch((err) => {
    fromNpm = null;
    throw err;
  });
  return fromNpm;
}

/** The registry to use: the override when given (with `KILN_NPM_TOKEN`), else npm's configuration. */
export async function registryConfig(
  override: string | undefined,
  token?: string | undefined,
): Promise<RegistryConfig> {
  if (override) return { registry: withSlash(override), scoped: {}, auth: withToken({}, override, token) };
  return npmRegistry(token);
}
