/**
 * The page the "add a page called X" follow-up creates (`templates/new-page/`): content chosen by the page's name (About, Contact,
 * Pricing, FAQ) or a clean general layout, in the app's accent colour, under its AppHeader when it has one.
 * @module
 */
import { toComponentName } from '@kiln/core';
import type { GenModule } from '../../types.ts';
import { jsxText } from '../format.ts';
import { fillTemplate } from '../templates.ts';
import { page } from './shared.ts';

/** What a new page is built from. */
export interface NewPageOptions {
  name: string;
  segment: string;
  accent: string;
  appTitle: string;
  hasHeader: boolean;
  /** The max-width class of the app's header, so the page lines up with it (default max-w-4xl). */
  maxWidth?: string;
}

/** A new page module for the "add a page" follow-up (`templates/new-page/<kind>/page.tsx`). */
export function newPage(o: NewPageOptions): GenModule {
  const key = o.segment.toLowerCase();
  const kind = key.includes('contact')
    ? 'contact'
    : key.includes('pricing') || key.includes('plans')
      ? 'pricing'
      : key.includes('faq') || key.includes('help')
        ? 'faq'
        : key.includes('about')
          ? 'about'
          : 'general';
  const maxWidth = o.maxWidth ?? 'max-w-4xl';
  const header = o.hasHeader
    ? '      <AppHeader />'
    : [
        `      <div className="mx-auto ${maxWidth} px-4 pt-6 sm:px-6">`,
        `        <a href="/" className="text-sm font-medium text-${o.accent}-700 hover:text-${o.accent}-800">← Back to ${jsxText(o.appTitle)}</a>`,
        '      </div>',
      ].join('\n');
  const vars = {
    hue: o.accent,
    titleText: jsxText(o.appTitle),
    nameText: jsxText(o.name),
    nametext: jsxText(o.name).toLowerCase(),
    maxWidth,
    KilnNameTextPage: `${toComponentName(o.name) || 'New'}Page`,
    headerImport: o.hasHeader ? "import AppHeader from '@/components/AppHeader';" : '',
    header,
  };
  return page(o.segment, fillTemplate(`new-page/${kind}/page.tsx`, vars));
}
