/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import * as core from './index';

// Source text of every non-test module, bundled by Vite at test time (no Node APIs needed).
const sources = import.meta.glob(['./*.ts', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('@kiln/core boundaries', () => {
  it('finds its source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it.each(Object.entries(sources))('%s imports nothing but zod and its own files', (_file, text) => {
    const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map(
      (m) => m[1],
    );
    for (const s of specifiers) expect(s === 'zod' || s?.startsWith('./')).toBe(true);
    expect(text).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(/);
  });

  it('exports the names other packages build on', () => {
    for (const name of [
      'KilnError',
      'ERROR_STATUS',
      'isKilnError',
      'MESSAGES',
      'MODULE_TYPES',
      'moduleRuntime',
      'moduleName',
      'moduleTypeFromPath',
      'defaultFilePath',
      'filePathToRoute',
      'routeToFilePath',
      'toRouteSegment',
      'sortModules',
      'validateModulePath',
      'buildRoomId',
      'parseRoomId',
      'REVISION_STATUSES',
      'isRevisionBuilding',
      'isRevisionFinished',
      'REVISION_ACTIONS',
      'ORGANIZATION_ROLES',
      'ORGANIZATION_PLANS',
      'USER_ROLES',
      'ENVIRONMENTS',
      'PUBLISH_STATUSES',
      'PUBLISH_FRESHNESS',
      'RUN_STATUSES',
      'JOB_STATUSES',
      'APP_TYPES',
      'APP_KINDS',
      'CREDIT_TRANSACTION_TYPES',
      'CREDIT_DEPOSIT_REASONS',
      'EVENT_LOG_TYPES',
      'DEFAULT_NAMES',
    ]) {
      expect(core, name).toHaveProperty(name);
    }
  });
});
