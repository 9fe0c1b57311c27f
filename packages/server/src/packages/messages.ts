/** @module What the package resolver tells users: each message names the package and says why. */

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

export const PACKAGE_MESSAGES = {
  invalidSpecifier: (source: string) => `"${source}" is not an npm package name.`,
  denied: (name: string) => `Package "${name}" is not allowed on this Kiln server (KILN_NPM_DENY).`,
  notFound: (name: string) => `Package "${name}" does not exist on the npm registry.`,
  noVersion: (name: string, range: string) => `Package "${name}" has no version matching "${range}".`,
  registryUnreachable: (name: string, registry: string) =>
    `Package "${name}" is not in Kiln's cache and the npm registry (${registry}) is unreachable.`,
  registryRefused: (name: string, registry: string) =>
    `Package "${name}" could not be downloaded: the npm registry (${registry}) asks for credentials Kiln does not have or that it refused (set KILN_NPM_TOKEN, or an _authToken in npm's config).`,
  registryFailed: (name: string, detail: string) => `Package "${name}" could not be downloaded: ${detail}`,
  tooLarge: (name: string, bytes: number, max: number) =>
    `Package "${name}" is too large: its tarballs with dependencies exceed ${mib(max)} (${mib(bytes)} so far; KILN_NPM_MAX_BYTES).`,
  tooLargeUnpacked: (name: string, max: number) =>
    `Package "${name}" is too large: its files with dependencies unpack to more than ${mib(max)} (8 × KILN_NPM_MAX_BYTES).`,
  nonRegistryDependency: (name: string, dep: string, spec: string) =>
    `Package "${name}" depends on "${dep}" from "${spec}"; Kiln fetches registry versions only.`,
  tooManyFiles: (name: string, max: number) =>
    `Package "${name}" has too many files: more than ${max} with its dependencies (KILN_NPM_MAX_FILES).`,
  tooManyPackages: (name: string, max: number) =>
    `Package "${name}" has too many dependencies: more than ${max} packages (KILN_NPM_MAX_PACKAGES).`,
  bundleFailed: (source: string, detail: string) => `Package "${source}" could not be bundled: ${detail}`,
  serverOnlyBuiltin: (source: string, builtin: string) =>
    `"${source}" is Node's "${builtin}" module, which a browser does not have: app code runs in the browser (use a function for server work).`,
  serverOnlyDependency: (pkg: string, builtin: string) =>
    `Package "${pkg}" needs Node's "${builtin}" module, which a browser does not have: it is a server-only package.`,
  functionBuiltin: (pkg: string, builtin: string) =>
    `Package "${pkg}" needs Node's "${builtin}" module, which functions do not have: they run without file, network or process permissions.`,
  bundleNotFound: 'No such package bundle.',
  noRevision: (source: string) =>
    `Package "${source}" could not be resolved: the revision is not one of this project's.`,
  notImported: (source: string) => `This app's code does not import "${source}".`,
} as const;
