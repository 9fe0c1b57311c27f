/**
 * @module A project's design system: its Tailwind v4 config (CSS: `@theme { … }`, utilities…), body and display
 * fonts from core's FONT_FAMILIES, and named colours. `designSystemCss` turns it into the theme CSS the
 * compiler in css.ts is warmed with, so `bg-brand`, `text-brand`, `font-display` and the base font follow it.
 * An update is checked by compiling it first: a config that does not compile is refused and nothing is saved.
 */
import { FONT_FAMILIES, isFontFamily, KilnError } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { User } from './accounts';
import { compileCss } from './css';
import type { Db } from './db/index';
import { projects, type StoredDesignSystem } from './db/schema';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, type Project } from './projects';

/** Longest Tailwind config accepted, in characters. */
export const MAX_TAILWIND_CONFIG_CHARS = 20_000;
/** Most named colours per design system. */
export const MAX_COLORS = 32;
const COLOR_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface DesignSystemInput {
  tailwindConfig: string;
  fonts?: { body?: string | null; display?: string | null } | null;
  colors?: readonly { name: string; value: string }[] | null;
}

const fontStack = (family: string) =>
  `"${family}", ${FONT_FAMILIES.find((f) => f.family === family)?.fallback ?? 'sans-serif'}`;

/**
 * The theme CSS for a design system: its Tailwind config, then the colours (`--color-{name}`) and fonts
 * (`--font-display`, `--font-body`, and the base font through `--default-font-family`), which win over it.
 */
export function designSystemCss(ds: StoredDesignSystem): string {
  const vars: string[] = [];
  for (const [name, value] of Object.entries(ds.colors ?? {})) vars.push(`  --color-${name}: ${value};`);
  if (ds.fonts?.display) vars.push(`  --font-display: ${fontStack(ds.fonts.display)};`);
  if (ds.fonts?.body) {
    vars.push(`  --font-body: ${fontStack(ds.fonts.body)};`);
    vars.push('  --default-font-family: var(--font-body);');
  }
  if (vars.length === 0) return ds.tailwindConfig;
  return `${ds.tailwindConfig}\n@theme {\n${vars.join('\n')}\n}\n`;
}

/** Check a design system and return what is stored; throws `validation` with a sentence saying what is wrong. */
export async function checkDesignSystem(input: DesignSystemInput): Promise<StoredDesignSystem> {
  const tailwindConfig = input.tailwindConfig.trim();
  if (tailwindConfig.length > MAX_TAILWIND_CONFIG_CHARS) {
    throw new KilnError(
      'validation',
      `The Tailwind config is too long: keep it under ${MAX_TAILWIND_CONFIG_CHARS.toLocaleString('en')} characters.`,
    );
  }
  if (/\bmodule\.exports\b|^\s*export\s+default\b/m.test(tailwindConfig)) {
    throw new KilnError(
      'validation',
      'The Tailwind config is CSS (Tailwind v4), e.g. @theme { --color-brand: #4f46e5; }, not a JavaScript file.',
    );
  }
  if (/@(import|plugin|config)\b/.test(tailwindConfig)) {
    throw new KilnError(
      'validation',
      'The Tailwind config cannot use @import, @plugin or @config: it is compiled with Tailwind itself and no other files.',
    );
  }
  const fonts: NonNullable<StoredDesignSystem['fonts']> = {};
  for (const role of ['body', 'display'] as const) {
    const family = input.fonts?.[role]?.trim();
    if (!family) continue;
    if (!isFontFamily(family)) {
      throw new KilnError(
        'validation',
        `Unknown ${role} font ${family}: use one of ${FONT_FAMILIES.map((f) => f.family).join(', ')}.`,
      );
    }
    fonts[role] = family;
  }
  const colors: Record<string, string> = {};
  const list = input.colors ?? [];
  if (list.length > MAX_COLORS) throw new KilnError('validation', `Use at most ${MAX_COLORS} colours.`);
  for (const { name: rawName, value: rawValue } of list) {
    const name = rawName.trim();
    const value = rawValue.trim().toLowerCase();
    if (!COLOR_NAME.test(name) || name.length > 32) {
      throw new KilnError(
        'validation',
        `Colour name "${name.slice(0, 40)}" is not valid: use lowercase letters, digits and hyphens, like brand or brand-dark.`,
      );
    }
    if (name in colors) throw new KilnError('validation', `Colour ${name} is listed twice.`);
    if (!HEX_COLOR.test(value)) {
      throw new KilnError(
        'validation',
        `Colour ${name} must be a hex colour like #4f46e5 or #fff (got "${rawValue.slice(0, 40)}").`,
      );
    }
    colors[name] = value;
  }
  const stored: StoredDesignSystem = {
    tailwindConfig,
    ...(Object.keys(fonts).length ? { fonts } : {}),
    ...(Object.keys(colors).length ? { colors } : {}),
  };
  try {
    await compileCss(['bg-brand', 'font-display'], designSystemCss(stored));
  } catch (err) {
    const reason = err instanceof Error ? err.message.trim().split('\n')[0] : String(err);
    throw new KilnError('validation', `The Tailwind config does not compile: ${reason}`);
  }
  return stored;
}

/** Replace a project's design system (EDITOR and up): a CHANGE_DESIGN_SYSTEM project-group revision. */
export async function updateDesignSystem(
  db: Db,
  user: User,
  input: DesignSystemInput & { projectId: string },
): Promise<Project> {
  await getProject(db, user, input.projectId, 'EDITOR');
  const designSystem = await checkDesignSystem(input);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [project] = await t
      .update(projects)
      .set({ designSystem, updatedAt: new Date() })
      .where(eq(projects.id, input.projectId))
      .returning();
    if (!project) throw new KilnError('not_found', 'Project not found.');
    const groupRevision = await recordProjectGroupRevision(
      t,
      { projectGroupId: project.projectGroupId },
      { action: 'CHANGE_DESIGN_SYSTEM', authorId: user.id },
    );
    return { ...project, projectGroupRevisionId: groupRevision?.id ?? project.projectGroupRevisionId };
  });
}

/** The design system as the API shows it: colours as a list, sorted by name. */
export function designSystemForApi(ds: StoredDesignSystem) {
  return {
    tailwindConfig: ds.tailwindConfig,
    fonts: { body: ds.fonts?.body ?? null, display: ds.fonts?.display ?? null },
    colors: Object.entries(ds.colors ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => ({ name, value })),
  };
}
