/**
 * @module The maintained list of npm packages with known problems that the security scan checks a revision's
 * imports and package lock against. Each entry says which versions (a semver range; absent = every version),
 * how bad it is and why, with the public advisory or incident it comes from. Keep it short and sourced: add a
 * package when an incident or advisory makes it dangerous for a generated app, remove one when it no longer
 * matters. Ranges are checked against the version the revision pinned (revision_packages); an import without
 * a pinned version matches only entries for every version.
 */

/** How bad a finding is: HIGH — fix before publishing; MEDIUM — likely a problem; LOW — worth a look. */
export type SecuritySeverity = 'HIGH' | 'MEDIUM' | 'LOW';

/** One package (or some of its versions) with a known problem. */
export interface KnownPackageProblem {
  name: string;
  /** A semver range of the affected versions; absent: every version. */
  versions?: string;
  severity: SecuritySeverity;
  /** What is wrong, in one sentence a user understands. */
  problem: string;
  /** What to do instead. */
  fix: string;
  /** Where this is documented (advisory, incident report). */
  source: string;
}

export const KNOWN_PACKAGE_PROBLEMS: readonly KnownPackageProblem[] = [
  {
    name: 'event-stream',
    versions: '3.3.6',
    severity: 'HIGH',
    problem: 'event-stream 3.3.6 pulls in flatmap-stream, malware that steals cryptocurrency wallets.',
    fix: 'Pin event-stream to 4.0.1 or later, or drop it.',
    source: 'npm security advisory, Nov 2018: event-stream 3.3.6 / flatmap-stream',
  },
  {
    name: 'flatmap-stream',
    severity: 'HIGH',
    problem: 'flatmap-stream is malware (the event-stream incident).',
    fix: 'Remove it.',
    source: 'npm security advisory, Nov 2018: flatmap-stream (removed from the registry)',
  },
  {
    name: 'ua-parser-js',
    versions: '0.7.29 || 0.8.0 || 1.0.0',
    severity: 'HIGH',
    problem: 'These ua-parser-js versions were hijacked to install a password stealer and a crypto miner.',
    fix: 'Use ua-parser-js 0.7.30, 0.8.1, 1.0.1 or later.',
    source: 'CISA alert and npm advisory, Oct 2021: ua-parser-js hijacked versions',
  },
  {
    name: 'coa',
    versions: '2.0.3 || 2.0.4 || 2.1.1 || 2.1.3 || 3.0.1 || 3.1.3',
    severity: 'HIGH',
    problem: 'These coa versions were hijacked to run a password stealer.',
    fix: 'Pin coa to 2.0.2.',
    source: 'npm advisory, Nov 2021: coa hijacked versions',
  },
  {
    name: 'rc',
    versions: '1.2.9 || 1.3.9 || 2.3.9',
    severity: 'HIGH',
    problem: 'These rc versions were hijacked to run a password stealer.',
    fix: 'Pin rc to 1.2.8.',
    source: 'npm advisory, Nov 2021: rc hijacked versions',
  },
  {
    name: 'node-ipc',
    versions: '>=10.1.1 <10.1.3',
    severity: 'HIGH',
    problem: 'These node-ipc versions overwrite files on computers in some countries (protestware).',
    fix: 'Pin node-ipc to 9.2.1 or 10.1.3 and later, or drop it.',
    source: 'CVE-2022-23812, Mar 2022: node-ipc protestware',
  },
  {
    name: 'colors',
    versions: '>=1.4.1',
    severity: 'MEDIUM',
    problem: 'colors after 1.4.0 was sabotaged by its author: it prints garbage in an endless loop.',
    fix: 'Pin colors to 1.4.0, or use picocolors.',
    source: 'Jan 2022: colors 1.4.1 and later sabotaged by its maintainer',
  },
  {
    name: 'faker',
    versions: '6.6.6',
    severity: 'MEDIUM',
    problem: 'faker 6.6.6 was sabotaged by its author and is empty.',
    fix: 'Use @faker-js/faker.',
    source: 'Jan 2022: faker 6.6.6 sabotaged; the community fork is @faker-js/faker',
  },
  {
    name: 'crossenv',
    severity: 'HIGH',
    problem: 'crossenv is a typosquat of cross-env that steals environment variables.',
    fix: 'Remove it (you meant cross-env).',
    source: 'npm blog, Aug 2017: crossenv malware on the npm registry',
  },
  {
    name: 'lodash',
    versions: '<4.17.21',
    severity: 'MEDIUM',
    problem: 'lodash before 4.17.21 has prototype-pollution and command-injection flaws.',
    fix: 'Use lodash 4.17.21 or later.',
    source: 'CVE-2020-8203 and CVE-2021-23337: lodash before 4.17.21',
  },
  {
    name: 'axios',
    versions: '<0.21.2',
    severity: 'MEDIUM',
    problem: 'axios before 0.21.2 can be made to request other servers (SSRF) and hang on crafted input.',
    fix: 'Use axios 1.x, or fetch.',
    source: 'CVE-2020-28168 and CVE-2021-3749: axios before 0.21.2',
  },
  {
    name: 'request',
    severity: 'LOW',
    problem: 'request is deprecated and unmaintained since 2020; its security fixes stopped.',
    fix: 'Use fetch.',
    source: "the request repository's deprecation notice (Feb 2020)",
  },
  {
    name: 'node-serialize',
    severity: 'HIGH',
    problem: 'node-serialize runs code hidden in the data it reads (remote code execution), with no fix.',
    fix: 'Use JSON.parse and JSON.stringify.',
    source: 'CVE-2017-5941: node-serialize unserialize() code execution',
  },
];
