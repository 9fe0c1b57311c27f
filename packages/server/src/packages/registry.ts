/**
 * @module Which npm registry the server uses: `KILN_NPM_REGISTRY` when set, else the one this machine's npm is
 * configured for (`npm config get registry`, which reads npmrc files and `npm_config_*` the way npm does),
 * plus any scoped registries (`@scope:registry`) from the same config. Read once per process.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RegistryConfig {
  /** The default registry, ending in `/`. */
  registry: string;
  /** `@scope:registry` entries of npm's config, passed to pacote as they are. */
  scoped: Record<string, string>;
}

let fromNpm: Promise<RegistryConfig> | null = null;

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** npm's own registry settings, read by asking npm. */
function npmRegistry(): Promise<RegistryConfig> {
  fromNpm ??= (async () => {
    const { stdout } = await run('npm', ['config', 'list', '--json'], { timeout: 30_000, windowsHide: true });
    const config = JSON.parse(stdout) as Record<string, unknown>;
    const scoped: Record<string, string> = {};
    for (const [key, value] of Object.entries(config)) {
      if (/^@[^:]+:registry$/.test(key) && typeof value === 'string') scoped[key] = value;
    }
    const registry = typeof config.registry === 'string' ? config.registry : '';
    if (!registry) throw new Error('npm config has no registry');
    return { registry: withSlash(registry), scoped };
  })().catch((err) => {
    fromNpm = null;
    throw err;
  });
  return fromNpm;
}

/** The registry to use: the override when given, else npm's configuration. */
export async function registryConfig(override: string | undefined): Promise<RegistryConfig> {
  if (override) return { registry: withSlash(override), scoped: {} };
  return npmRegistry();
}
