/**
 * The builtin app catalogue: which template builds each app type, with its default title and accent.
 * @module
 */
import type { AppType } from '@kiln/core';
import { appVars, withApiUtils } from '../templates.ts';
import type { AccentHue } from '../theme.ts';
import { blogApp } from './blog.ts';
import { chatApp } from './chat.ts';
import { contactsApp } from './contacts.ts';
import { cryptoApp } from './crypto.ts';
import { datingApp } from './dating.ts';
import { financeApp } from './finance.ts';
import { fitnessApp } from './fitness.ts';
import { galleryApp } from './gallery.ts';
import { gameApp } from './game.ts';
import { leadGenApp } from './lead-gen.ts';
import { linkInBioApp } from './link-in-bio.ts';
import { notesApp } from './notes.ts';
import { personalSiteApp } from './personal-site.ts';
import { pickupShopApp } from './pickup-shop.ts';
import { quizApp } from './quiz.ts';
import type { AppContext, BuiltApp } from './shared.ts';
import { socialApp } from './social.ts';
import { starterApp } from './starter.ts';
import { storeApp } from './store.ts';
import { surveyApp } from './survey.ts';
import { todoListApp } from './todo-list.ts';
import { translateApp } from './translate.ts';
import { weatherApp } from './weather.ts';
import { writingHelperApp } from './writing-helper.ts';

type Kind = AppType | 'LINK_IN_BIO';

/** Default title and accent per app type. */
export const APP_DEFAULTS: Readonly<Record<Kind, { title: string; accent: AccentHue }>> = {
  LEAD_GEN_TOOL: { title: 'Launchpad', accent: 'emerald' },
  PERSONAL_WEBSITE: { title: 'Alex Morgan', accent: 'violet' },
  ECOMMERCE_STORE: { title: 'Northwind Goods', accent: 'amber' },
  BLOG_PLATFORM: { title: 'The Daily Draft', accent: 'rose' },
  PORTFOLIO_WEBSITE: { title: 'Sam Rivera Studio', accent: 'sky' },
  SOCIAL_NETWORK: { title: 'Circles', accent: 'blue' },
  GAME: { title: 'Arcade Night', accent: 'fuchsia' },
  AI_TOOL: { title: 'Promptly', accent: 'violet' },
  FINANCE_APP: { title: 'Ledgerly', accent: 'emerald' },
  DATING_APP: { title: 'Kindred', accent: 'rose' },
  TODO_LIST_APP: { title: 'Todo List', accent: 'indigo' },
  NOTES_APP: { title: 'Notes', accent: 'amber' },
  GALLERY_APP: { title: 'Lightbox', accent: 'zinc' },
  CONTACT_MANAGEMENT: { title: 'Contacts', accent: 'blue' },
  SURVEY_TOOL: { title: 'Quick Survey', accent: 'teal' },
  QUIZ_TOOL: { title: 'Quiz Time', accent: 'purple' },
  ONLINE_STORE: { title: 'Corner Shop', accent: 'orange' },
  CHAT_APP: { title: 'Chatter', accent: 'sky' },
  FEEDBACK_TOOL: { title: 'Feedback', accent: 'rose' },
  WEATHER_APP: { title: 'Skycast', accent: 'sky' },
  TRANSLATION_TOOL: { title: 'Lingo', accent: 'cyan' },
  FITNESS_TRACKER_APP: { title: 'Stride', accent: 'lime' },
  CRYPTOCURRENCY_APP: { title: 'Coinwatch', accent: 'amber' },
  LINK_IN_BIO: { title: 'Jordan Lee', accent: 'pink' },
};

/** Templates that build a complete app; every other type gets the themed starter. */
const BUILDERS: Partial<Record<Kind, (ctx: AppContext) => BuiltApp>> = {
  TODO_LIST_APP: todoListApp,
  NOTES_APP: notesApp,
  LEAD_GEN_TOOL: leadGenApp,
  SURVEY_TOOL: surveyApp,
  FEEDBACK_TOOL: surveyApp,
  LINK_IN_BIO: linkInBioApp,
  PERSONAL_WEBSITE: personalSiteApp,
  PORTFOLIO_WEBSITE: personalSiteApp,
  ECOMMERCE_STORE: storeApp,
  ONLINE_STORE: pickupShopApp,
  BLOG_PLATFORM: blogApp,
  SOCIAL_NETWORK: socialApp,
  GALLERY_APP: galleryApp,
  CONTACT_MANAGEMENT: contactsApp,
  CHAT_APP: chatApp,
  DATING_APP: datingApp,
  WEATHER_APP: weatherApp,
  TRANSLATION_TOOL: translateApp,
  AI_TOOL: writingHelperApp,
  QUIZ_TOOL: quizApp,
  GAME: gameApp,
  FINANCE_APP: financeApp,
  FITNESS_TRACKER_APP: fitnessApp,
  CRYPTOCURRENCY_APP: cryptoApp,
};

/** Builds the app for a context, with the shared modules its routes import (`withApiUtils`). */
export function buildApp(ctx: AppContext): BuiltApp {
  const app = (BUILDERS[ctx.appType] ?? starterApp)(ctx);
  return { ...app, modules: withApiUtils(app.modules, appVars(ctx)) };
}

/** The app types with a complete builtin app (not the starter). */
export function fullyBuiltTypes(): Kind[] {
  return Object.keys(BUILDERS) as Kind[];
}
