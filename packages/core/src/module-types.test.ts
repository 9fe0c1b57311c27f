import { describe, expect, it } from 'vitest';
import {
  allowedModuleTypes,
  assertModuleTypeAllowed,
  DEFAULT_NAMES,
  defaultModuleName,
  isModuleType,
  isModuleTypeAllowed,
  MODULE_TYPES,
  ModuleSchema,
  type ModuleType,
  moduleRuntime,
  type Runtime,
} from './module-types';

describe('module types', () => {
  it('are the spec values in the spec order', () => {
    expect(MODULE_TYPES).toEqual([
      'PAGE',
      'DESIGN_SYSTEM_PAGE',
      'EXPO_PAGE',
      'COMPONENT',
      'DESIGN_SYSTEM_COMPONENT',
      'FUNCTION',
      'FILE',
      'AUTH_PAGE_SIGN_IN',
      'AUTH_PAGE_SIGN_UP',
      'AUTH_PAGE_LOGOUT',
    ]);
  });

  it.each<[ModuleType, Runtime | null]>([
    ['FUNCTION', 'nodejs'],
    ['EXPO_PAGE', 'expo'],
    ['PAGE', 'react'],
    ['AUTH_PAGE_SIGN_IN', 'react'],
    ['AUTH_PAGE_SIGN_UP', 'react'],
    ['AUTH_PAGE_LOGOUT', 'react'],
    ['COMPONENT', 'react'],
    ['DESIGN_SYSTEM_PAGE', 'react'],
    ['DESIGN_SYSTEM_COMPONENT', 'react'],
    ['FILE', null],
  ])('%s runs on %s', (t, runtime) => {
    expect(moduleRuntime(t)).toBe(runtime);
  });

  it('recognises module types', () => {
    expect(isModuleType('EXPO_PAGE')).toBe(true);
    expect(isModuleType('expo_page')).toBe(false);
  });
});

describe('default names for new items', () => {
  it('are the spec names', () => {
    expect(DEFAULT_NAMES).toEqual({
      component: 'New Component',
      page: 'New Page',
      mobilePage: 'New Mobile Page',
      function: 'New Function',
      project: 'New Project',
      file: 'New File',
      signIn: 'Sign In',
      signUp: 'Sign Up',
      logout: 'Logout',
    });
  });

  it.each<[ModuleType, string]>([
    ['PAGE', 'New Page'],
    ['EXPO_PAGE', 'New Mobile Page'],
    ['COMPONENT', 'New Component'],
    ['FUNCTION', 'New Function'],
    ['FILE', 'New File'],
    ['AUTH_PAGE_SIGN_IN', 'Sign In'],
    ['AUTH_PAGE_SIGN_UP', 'Sign Up'],
    ['AUTH_PAGE_LOGOUT', 'Logout'],
    ['DESIGN_SYSTEM_PAGE', 'New Page'],
    ['DESIGN_SYSTEM_COMPONENT', 'New Component'],
  ])('a new %s is called %s', (t, name) => {
    expect(defaultModuleName(t)).toBe(name);
  });
});

describe('allowed module types (spec §5)', () => {
  it.each<[ModuleType, boolean, boolean]>([
    ['PAGE', true, true],
    ['EXPO_PAGE', true, true],
    ['FUNCTION', true, true],
    ['COMPONENT', true, true],
    ['FILE', true, true],
    ['AUTH_PAGE_SIGN_IN', false, true],
    ['AUTH_PAGE_SIGN_UP', false, true],
    ['AUTH_PAGE_LOGOUT', false, true],
    ['DESIGN_SYSTEM_PAGE', false, false],
    ['DESIGN_SYSTEM_COMPONENT', false, false],
  ])('%s: without custom auth %s, with custom auth %s', (t, without, withAuth) => {
    expect(isModuleTypeAllowed(t, { withCustomAuth: false })).toBe(without);
    expect(isModuleTypeAllowed(t, { withCustomAuth: true })).toBe(withAuth);
  });

  it('refuses a type that is not allowed with a forbidden error', () => {
    expect(() => assertModuleTypeAllowed('AUTH_PAGE_SIGN_IN', { withCustomAuth: false })).toThrow(
      'Module type AUTH_PAGE_SIGN_IN is not allowed for this project',
    );
    expect(() => assertModuleTypeAllowed('AUTH_PAGE_SIGN_IN', { withCustomAuth: true })).not.toThrow();
  });

  it('lists the allowed types', () => {
    expect(allowedModuleTypes({ withCustomAuth: false })).toEqual([
      'PAGE',
      'EXPO_PAGE',
      'COMPONENT',
      'FUNCTION',
      'FILE',
    ]);
    expect(allowedModuleTypes({ withCustomAuth: true })).toHaveLength(8);
  });
});

describe('ModuleSchema', () => {
  it('accepts a module and rejects an unknown type', () => {
    expect(ModuleSchema.parse({ moduleType: 'PAGE', filePath: 'apps/web/src/app/page.tsx' })).toEqual({
      moduleType: 'PAGE',
      filePath: 'apps/web/src/app/page.tsx',
    });
    expect(ModuleSchema.safeParse({ moduleType: 'SCREEN', filePath: 'x' }).success).toBe(false);
  });
});
