/**
 * The builtin mobile (Expo) versions of apps (`templates/mobile/{todo,notes,generic}/`): EXPO_PAGE screens under `apps/mobile/src/app/…/index.tsx`
 * written with react-native primitives, `@expo/vector-icons`, AsyncStorage and expo-router navigation. The
 * todo list and notes apps get their full screens (list + detail); every other app gets a home and an about
 * screen built from its title, tagline, features and accent. Colours are the accent's Tailwind palette as hex
 * (react-native styles take no classes), so the colour follow-up can recolour them.
 * @module
 */

import type { GenModule } from '../../types.ts';
import { jsString, jsxText } from '../format.ts';
import { fillTemplate, slugKey } from '../templates.ts';
import { ACCENT_HEX, type AccentHue } from '../theme.ts';

/** What a mobile version is built from. */
export interface MobileContext {
  /** Which screens: the todo list, the notes app, or the generic home + about screens. */
  kind: 'todo' | 'notes' | 'generic';
  title: string;
  accent: AccentHue;
  /** Generic screens: one sentence under the title. */
  tagline?: string;
  /** Generic screens: the features listed on the home screen (at most six are used). */
  features?: { title: string; text: string }[];
  /** Generic screens: the call-to-action label. */
  cta?: string;
}

/** The screens of each kind: template path under `templates/mobile/{kind}/` → module path. */
const SCREENS: Record<MobileContext['kind'], string[]> = {
  todo: ['app/index.tsx', 'app/task/[id]/index.tsx'],
  notes: ['app/index.tsx', 'app/note/[id]/index.tsx'],
  generic: ['app/index.tsx', 'app/about/index.tsx'],
};

/** The EXPO_PAGE modules of the mobile version. */
export function mobileScreens(ctx: MobileContext): GenModule[] {
  const h = ACCENT_HEX[ctx.accent];
  const vars = {
    title: jsString(ctx.title),
    slug: slugKey(ctx.title),
    // The accent palette as hex (react-native styles take no classes), so the colour follow-up can recolour it.
    accent: h[600],
    accentDark: h[700],
    accentMid: h[500],
    accentSoft: h[50],
    accentLight: h[100],
    accentLine: h[200],
    tagline: jsxText(ctx.tagline ?? 'Everything you need, in your pocket.'),
    cta: jsxText(ctx.cta ?? 'Get started'),
    // The list's lines between the brackets (an empty line when there are none).
    features: `\n${(ctx.features ?? [])
      .slice(0, 6)
      .map((f) => `  { title: ${jsString(f.title)}, text: ${jsString(f.text)} },`)
      .join('\n')}\n`,
  };
  return SCREENS[ctx.kind].map((file) => ({
    filePath: `apps/mobile/src/${file}`,
    moduleType: 'EXPO_PAGE',
    content: fillTemplate(`mobile/${ctx.kind}/${file}`, vars),
  }));
}
