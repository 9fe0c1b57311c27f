/**
 * The cases of the builtin byte-identity fixture: every app type's prompt (the 24 of the acceptance check
 * `5-generation-builtin-apptypes`), each with sign-in and as a mobile app, and on each app every suggestion its
 * reply offers plus the follow-ups the builtin generator handles. `builtinOutputs()` runs them through
 * `builtinReply` and returns each reply's full text (modules, migrations, plan, summary, choices).
 * @module
 */
import { APP_DEFAULTS } from '../src/builtin/apps/index.ts';
import { starterApp } from '../src/builtin/apps/starter.ts';
import { builtinReply } from '../src/builtin/respond.ts';
import type { RequestMessage } from '../src/prompt.ts';

/** The prompt per app type, as the acceptance check `5-generation-builtin-apptypes` sends them. */
export const APP_TYPE_PROMPTS: Readonly<Record<string, string>> = {
  LEAD_GEN_TOOL: 'a lead capture landing page for my consulting business',
  PERSONAL_WEBSITE: 'my personal website',
  ECOMMERCE_STORE: 'an ecommerce store selling candles',
  BLOG_PLATFORM: 'a blog platform',
  PORTFOLIO_WEBSITE: 'a photography portfolio',
  SOCIAL_NETWORK: 'a small social network for runners',
  GAME: 'a memory card game',
  AI_TOOL: 'an AI tool that summarises text',
  FINANCE_APP: 'a personal budget tracker',
  DATING_APP: 'a dating app',
  TODO_LIST_APP: 'a todo list with due dates',
  NOTES_APP: 'a notes app',
  GALLERY_APP: 'an image gallery',
  CONTACT_MANAGEMENT: 'a contact manager',
  SURVEY_TOOL: 'a survey tool',
  QUIZ_TOOL: 'a quiz about world capitals',
  ONLINE_STORE: 'an online store for sneakers',
  CHAT_APP: 'a chat app',
  FEEDBACK_TOOL: 'a feedback collection tool',
  WEATHER_APP: 'a weather app',
  TRANSLATION_TOOL: 'a translation tool',
  FITNESS_TRACKER_APP: 'a fitness tracker',
  CRYPTOCURRENCY_APP: 'a cryptocurrency portfolio tracker',
  LINK_IN_BIO: 'a link in bio page',
};

/** Extra INITIAL prompts: a title, a colour and a person's name in the prompt, and the help reply. */
const EXTRA_PROMPTS = [
  'A todo list app called "Chores & <Things>" in teal',
  "a notes app named Bob's {Notes} in rose",
  "a portfolio for Jane O'Neil, a painter",
  'a link in bio page for Sam Lee in emerald',
  'a landing page for my bakery called Crumbs',
  'something I cannot describe',
  // Prompt-dependent branches of the apps.
  'a waitlist landing page for my app launch',
  'a dating app for hikers',
  'a budget tracker in euros',
  'a budget tracker in pounds',
  'a personal website for a software engineer',
  'a portfolio for an illustrator',
  'my personal website as a musician',
  'a quiz about space and planets',
  'a science quiz',
  'a translation tool from German to French',
  'a translation tool for Japanese',
  'an AI tool that writes meeting minutes',
  'a feedback tool called Pulse in indigo with login',
];

/** Follow-ups tried on every app, besides the suggestions its reply offers. */
const FOLLOW_UPS = [
  'make it teal',
  'rename the app to Taskly',
  'add a page called Pricing',
  'add a priority field',
  'add sign-in',
  'make a mobile version',
];

/** Follow-ups tried on a few apps only: every kind of new page, on an app with a header and on one without. */
const PAGE_FOLLOW_UPS: Readonly<Record<string, readonly string[]>> = {
  TODO_LIST_APP: ['add a page called Contact', 'add a page called FAQ', "add a page called Tom's {Plans}"],
  LINK_IN_BIO: [
    'add a page called Contact',
    'add a page called FAQ',
    'add a page called About',
    'add a page called Team',
  ],
};

/** One recorded case: the request, and the reply's full text. */
export interface BuiltinOutputCase {
  /** `appType/initial`, `appType/with login`, `appType/follow-up: make it teal`… */
  name: string;
  prompt: string;
  /** For a follow-up: the case whose reply's files the request carries (absent: an INITIAL request). */
  on?: string;
  /** For the themed starter (no prompt reaches it through a reply): the app type it is built for. */
  starter?: string;
  reply: string;
}

/** The modules a reply writes whole (`<kiln:file>` blocks), in order. */
export function replyFiles(reply: string): { filePath: string; moduleType: string; content: string }[] {
  const files: { filePath: string; moduleType: string; content: string }[] = [];
  const re = /<kiln:file path="([^"]+)" type="([A-Z_]+)">\n([\s\S]*?)<\/kiln:file>\n/g;
  for (let m = re.exec(reply); m; m = re.exec(reply))
    files.push({ filePath: m[1] ?? '', moduleType: m[2] ?? '', content: m[3] ?? '' });
  return files;
}

/** The suggestions of a reply's `<kiln:choices>` block. */
function replyChoices(reply: string): string[] {
  const m = /<kiln:choices>\n([\s\S]*?)\n<\/kiln:choices>/.exec(reply);
  return m?.[1] ? m[1].split('\n') : [];
}

/** The builtin reply to an INITIAL request. */
export function initial(prompt: string): string {
  return builtinReply({ action: 'INITIAL', prompt, files: [], otherFiles: [] });
}

/** The builtin reply to a follow-up on a project holding `files`. */
export function followUp(prompt: string, files: RequestMessage['files']): string {
  return builtinReply({ action: 'CHAT', prompt, files, otherFiles: [] });
}

/** The themed starter built for an app type with its default title and accent, as JSON (plan, modules…). */
export function starter(appType: string): string {
  const kind = appType as keyof typeof APP_DEFAULTS;
  const { title, accent } = APP_DEFAULTS[kind];
  return JSON.stringify(starterApp({ appType: kind, title, accent, prompt: '' }), null, 1);
}

/** Every case, in a fixed order. */
export function builtinOutputs(): BuiltinOutputCase[] {
  const cases: BuiltinOutputCase[] = [];
  for (const [type, prompt] of Object.entries(APP_TYPE_PROMPTS)) {
    const name = `${type}/initial`;
    const reply = initial(prompt);
    cases.push({ name, prompt, reply });
    for (const variant of [`${prompt} with login`, `a mobile app: ${prompt}`])
      cases.push({ name: `${type}/initial: ${variant}`, prompt: variant, reply: initial(variant) });
    const files = replyFiles(reply);
    const asked = [...new Set([...replyChoices(reply), ...FOLLOW_UPS, ...(PAGE_FOLLOW_UPS[type] ?? [])])];
    for (const p of asked)
      cases.push({ name: `${type}/follow-up: ${p}`, prompt: p, on: name, reply: followUp(p, files) });
  }
  for (const prompt of EXTRA_PROMPTS)
    cases.push({ name: `extra/initial: ${prompt}`, prompt, reply: initial(prompt) });
  for (const type of Object.keys(APP_TYPE_PROMPTS))
    cases.push({ name: `starter/${type}`, prompt: '', starter: type, reply: starter(type) });
  return cases;
}
