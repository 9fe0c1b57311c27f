/**
 * Module types (spec §3), the runtime each one runs on, their default names (§2) and which types a
 * project may create (§5).
 * @module
 */
import { z } from 'zod';
import { KilnError } from './errors';
import { MESSAGES } from './messages';

export const MODULE_TYPES = [
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
] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

export const AUTH_PAGE_MODULE_TYPES = ['AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT'] as const;
export type AuthPageModuleType = (typeof AUTH_PAGE_MODULE_TYPES)[number];

export const DESIGN_SYSTEM_MODULE_TYPES = ['DESIGN_SYSTEM_PAGE', 'DESIGN_SYSTEM_COMPONENT'] as const;
export type DesignSystemModuleType = (typeof DESIGN_SYSTEM_MODULE_TYPES)[number];

export const RUNTIMES = ['nodejs', 'react', 'expo'] as const;
export type Runtime = (typeof RUNTIMES)[number];

const RUNTIME_OF: Readonly<Record<ModuleType, Runtime | null>> = Object.freeze({
  PAGE: 'react',
  DESIGN_SYSTEM_PAGE: 'react',
  EXPO_PAGE: 'expo',
  COMPONENT: 'react',
  DESIGN_SYSTEM_COMPONENT: 'react',
  FUNCTION: 'nodejs',
  FILE: null,
  AUTH_PAGE_SIGN_IN: 'react',
  AUTH_PAGE_SIGN_UP: 'react',
  AUTH_PAGE_LOGOUT: 'react',
});

/** Whether a string is a module type. */
export function isModuleType(value: unknown): value is ModuleType {
  return typeof value === 'string' && (MODULE_TYPES as readonly string[]).includes(value);
}

/** Whether the type is one of the three auth pages. */
export function isAuthPageModuleType(t: ModuleType): t is AuthPageModuleType {
  return (AUTH_PAGE_MODULE_TYPES as readonly string[]).includes(t);
}

/** Whether the type is a design-system page or component. */
export function isDesignSystemModuleType(t: ModuleType): t is DesignSystemModuleType {
  return (DESIGN_SYSTEM_MODULE_TYPES as readonly string[]).includes(t);
}

/** The runtime a module type runs on: FUNCTION nodejs, EXPO_PAGE expo, FILE none, everything else react. */
export function moduleRuntime(t: ModuleType): Runtime | null {
  return RUNTIME_OF[t];
}

/** Default names for new items (spec §2). */
export const DEFAULT_NAMES = Object.freeze({
  component: 'New Component',
  page: 'New Page',
  mobilePage: 'New Mobile Page',
  function: 'New Function',
  project: 'New Project',
  file: 'New File',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  logout: 'Logout',
} as const);

const DEFAULT_NAME_OF: Readonly<Record<ModuleType, string>> = Object.freeze({
  PAGE: DEFAULT_NAMES.page,
  DESIGN_SYSTEM_PAGE: DEFAULT_NAMES.page,
  EXPO_PAGE: DEFAULT_NAMES.mobilePage,
  COMPONENT: DEFAULT_NAMES.component,
  DESIGN_SYSTEM_COMPONENT: DEFAULT_NAMES.component,
  FUNCTION: DEFAULT_NAMES.function,
  FILE: DEFAULT_NAMES.file,
  AUTH_PAGE_SIGN_IN: DEFAULT_NAMES.signIn,
  AUTH_PAGE_SIGN_UP: DEFAULT_NAMES.signUp,
  AUTH_PAGE_LOGOUT: DEFAULT_NAMES.logout,
});

/** The name a new module of this type gets (e.g. EXPO_PAGE → "New Mobile Page", AUTH_PAGE_SIGN_IN → "Sign In"). */
export function defaultModuleName(t: ModuleType): string {
  return DEFAULT_NAME_OF[t];
}

/**
 * Whether a project may have a module of this type (spec §5): pages, Expo pages, functions, components and
 * files always; auth pages only with custom auth; design-system pages and components never.
 */
export function isModuleTypeAllowed(t: ModuleType, options: { withCustomAuth: boolean }): boolean {
  if (isDesignSystemModuleType(t)) return false;
  if (isAuthPageModuleType(t)) return options.withCustomAuth;
  return true;
}

/** Throws `KilnError('forbidden')` when a project may not have a module of this type. */
export function assertModuleTypeAllowed(t: ModuleType, options: { withCustomAuth: boolean }): void {
  if (!isModuleTypeAllowed(t, options)) {
    throw new KilnError('forbidden', MESSAGES.moduleTypeNotAllowed(t), { moduleType: t, ...options });
  }
}

/** The module types a project may create, in `MODULE_TYPES` order. */
export function allowedModuleTypes(options: { withCustomAuth: boolean }): ModuleType[] {
  return MODULE_TYPES.filter((t) => isModuleTypeAllowed(t, options));
}

export const ModuleTypeSchema = z.enum(MODULE_TYPES);

/** A module as the spec lists it (§3): moduleType, filePath, pathSegment, withCustomAuth. */
export const ModuleSchema = z.object({
  moduleType: ModuleTypeSchema,
  filePath: z.string(),
  pathSegment: z.string().nullable().optional(),
  withCustomAuth: z.boolean().optional(),
});
export type Module = z.infer<typeof ModuleSchema>;
