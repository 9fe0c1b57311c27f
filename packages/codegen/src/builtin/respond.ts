/**
 * The builtin generator's brain: from a request message (prompt, action, current files) to the whole
 * tagged reply a model would have written. Deterministic: the same request always gives the same reply.
 * @module
 */
import { moduleTypeFromPath } from '@kiln/core';
import { detectAppType } from '../detect-app-type.ts';
import { type RequestMessage, requestModules } from '../prompt.ts';
import { deterministicRepair } from '../repairs.ts';
import type { GenModule } from '../types.ts';
import { addAccountToHeader, authPages } from './apps/auth-pages.ts';
import { APP_DEFAULTS, buildApp } from './apps/index.ts';
import { type MobileContext, mobileScreens } from './apps/mobile.ts';
import { otherHue, otherName } from './apps/shared.ts';
import { STARTER_CONTENT } from './apps/starter-content.ts';
import { diffEdits } from './diff-edits.ts';
import { discussionReply, planRequest } from './discussion.ts';
import { applyFollowUps, asksForMobile, asksForSignIn } from './follow-ups.ts';
import { choicesBlock, editBlock, fileBlock, migrationBlock, publishBlock, thinkingBlock } from './format.ts';
import { hueFromText } from './theme.ts';
import { personFromPrompt, titleFromPrompt } from './title.ts';

/** What the builtin generator can do, for replies to requests it does not understand. */
export const BUILTIN_HELP = `I'm Kiln's builtin generator. I work offline, without a language model, so I can build a set of ready-made apps from a short description:
- a todo list with due dates ("A todo list app with due dates"), a notes app, a contact manager
- an online store with a cart and checkout, a local shop taking pickup orders, a blog, a social network, a photo gallery, a group chat, a dating app
- a quiz with a leaderboard, a memory game with high scores, a budget tracker, a workout tracker, a crypto portfolio tracker (sample prices)
- a personal website or portfolio, a link-in-bio page, a landing page that collects leads, a survey or feedback form
- offline tools: a weather app (sample forecast), a phrasebook translator, a writing helper
Apps that keep data get their own database tables and backend functions.

Ask for "a mobile app for …" to get Expo screens, or add "with login" to get sign-in pages.

Once an app exists I can change its colour ("make it teal"), rename it ("rename the app to Taskly"), add pages ("add a page called Pricing"), add a field to tasks, notes or leads ("add a priority field"), add sign-in ("add sign-in") and make a mobile version ("make a mobile version").

For anything else, connect a language model by setting KILN_MODEL, for example KILN_MODEL=openai:gpt-4o-mini (with OPENAI_API_KEY), KILN_MODEL=anthropic:claude-sonnet-4-5 (with ANTHROPIC_API_KEY) or KILN_MODEL=ollama:llama3.1 for a local model.`;

/** The builtin generator's whole reply to a request. */
export function builtinReply(msg: RequestMessage): string {
  const modules = requestModules(msg, moduleTypeFromPath);
  if (msg.action === 'FIX_CHANGE') return fixReply(msg, modules);
  if (msg.action === 'DISCUSSION') return discussionReply(msg.prompt, modules);
  if (modules.length === 0) return initialReply(msg.prompt);
  // "Implement this plan" (plan mode) builds the request its plan names.
  return followUpReply(planRequest(msg.prompt), modules);
}

function initialReply(prompt: string): string {
  const appType = detectAppType(prompt);
  if (!appType)
    return `I couldn't tell what kind of app you'd like from that description.\n\n${BUILTIN_HELP}\n`;
  const defaults = APP_DEFAULTS[appType];
  const personal =
    appType === 'PERSONAL_WEBSITE' || appType === 'PORTFOLIO_WEBSITE' || appType === 'LINK_IN_BIO';
  const title = titleFromPrompt(prompt) ?? (personal ? personFromPrompt(prompt) : null) ?? defaults.title;
  const accent = hueFromText(prompt) ?? defaults.accent;
  if (asksForMobile(prompt)) return initialMobileReply(prompt, appType, title, accent);
  const app = buildApp({ appType, title, accent, prompt, signIn: asksForSignIn(prompt) });
  const modules = app.modules;
  const extra: string[] = [];
  if (asksForSignIn(prompt)) {
    modules.push(...authPages({ title, accent }));
    const header = modules.find((m) => m.filePath === 'apps/web/src/components/AppHeader.tsx');
    const edited = header ? addAccountToHeader(header.content, accent) : null;
    if (header && edited) header.content = edited;
    extra.push(
      `Sign-in is included: Sign In (/account/signin), Sign Up (/account/signup) and Logout (/account/logout)${header && edited ? ', and the header shows who is signed in' : ''}.`,
    );
  }
  const next = nextSteps(app.summary, app.choices, modules);
  // The database and its functions first, then the UI, so the preview shows the app soon after. Then what
  // to try next, and the suggestion to publish it.
  return [
    thinkingBlock(app.plan),
    `Building **${title}** for you.\n\n`,
    ...(app.migrations ?? []).map((m) => migrationBlock(m.name, m.sql)),
    ...modules.filter(isBackend).map(fileBlock),
    ...modules.filter((m) => !isBackend(m)).map(fileBlock),
    `\n${[next.summary, ...extra].join('\n\n')}\n`,
    next.choices.length > 0 ? choicesBlock(next.choices) : '',
    publishBlock(),
  ].join('');
}

/**
 * The summary and the suggestions of an INITIAL reply. Suggestions are the app's `choices`, or else the quoted
 * ones of a `Try next: "a", "b", or "c".` line (dropped from the summary); only those the builtin's
 * follow-ups carry out on these modules are kept, so every button the user may click does something.
 */
function nextSteps(
  summary: string,
  choices: readonly string[] | undefined,
  modules: GenModule[],
): { summary: string; choices: string[] } {
  const tryNext = /^[ \t]*Try next:.*$/im.exec(summary);
  const suggested =
    choices ?? [...(tryNext?.[0] ?? '').matchAll(/"([^"]+)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  const text = tryNext
    ? summary
        .replace(tryNext[0], '')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : summary;
  return {
    summary: text,
    choices: suggested.filter((choice) => applyFollowUps(choice, modules).done.length > 0),
  };
}

/** An INITIAL request for a mobile app: the app's Expo screens (EXPO_PAGE modules) only. */
function initialMobileReply(
  prompt: string,
  appType: NonNullable<ReturnType<typeof detectAppType>>,
  title: string,
  accent: MobileContext['accent'],
): string {
  const content = STARTER_CONTENT[appType];
  const ctx: MobileContext =
    appType === 'TODO_LIST_APP'
      ? { kind: 'todo', title, accent }
      : appType === 'NOTES_APP'
        ? { kind: 'notes', title, accent }
        : {
            kind: 'generic',
            title,
            accent,
            tagline: content.tagline,
            features: content.features.map((f) => ({ title: f.title, text: f.text })),
            cta: 'Learn more',
          };
  const screens = mobileScreens(ctx);
  const next = nextSteps(
    '',
    [
      `make it ${otherHue(accent, 'teal', 'indigo')}`,
      `rename the app to ${otherName(title, ctx.kind === 'todo' ? 'Taskly' : ctx.kind === 'notes' ? 'Jotter' : 'Nova', 'Orbit')}`,
    ],
    screens,
  );
  const notes = asksForSignIn(prompt)
    ? [
        'Sign-in pages are web pages, so the builtin generator leaves them out of a mobile app; connect a model to add sign-in to mobile screens.',
      ]
    : [];
  return [
    thinkingBlock(
      [
        `Build "${title}" as a mobile (Expo) app.`,
        ...screens.map((m) => `- Screen \`${m.filePath}\``),
        `- react-native primitives, @expo/vector-icons, AsyncStorage on the device, expo-router navigation; ${accent} accent.`,
      ].join('\n'),
    ),
    `Building the mobile app **${title}** for you.\n\n`,
    ...screens.map(fileBlock),
    `\n${[
      `I built **${title}** as a mobile app with ${screens.length} screens. The preview shows it in a phone frame; data is saved on the device.`,
      ...notes,
    ].join('\n\n')}\n`,
    // No publish block: publishing needs a web page, and a mobile app has only Expo screens.
    next.choices.length > 0 ? choicesBlock(next.choices) : '',
  ].join('');
}

/** A function or a module the functions share (`apps/web/src/app/api/utils/…`): written before the UI. */
function isBackend(m: GenModule): boolean {
  return m.moduleType === 'FUNCTION' || m.filePath.startsWith('apps/web/src/app/api/');
}

function followUpReply(prompt: string, modules: GenModule[]): string {
  const result = applyFollowUps(prompt, modules);
  if (result.done.length === 0) {
    // Asked for something known that needed no change ("it is already teal"): say so, without the help text.
    if (result.notes.length > 0) return `${result.notes.join('\n')}\n`;
    return `I can't make that change on my own.\n\n${BUILTIN_HELP}\n`;
  }
  const before = new Map(modules.map((m) => [m.filePath, m]));
  const blocks: string[] = result.migrations.map((m) => migrationBlock(m.name, m.sql));
  // As in an INITIAL reply: the database, then the functions, then the UI.
  const ordered = [...result.modules.values()].sort((x, y) => Number(isBackend(y)) - Number(isBackend(x)));
  for (const m of ordered) {
    const old = before.get(m.filePath);
    if (!old) {
      blocks.push(fileBlock(m));
      continue;
    }
    if (old.content === m.content) continue;
    const edits = diffEdits(old.content, m.content);
    blocks.push(edits ? editBlock(m.filePath, edits) : fileBlock(m));
  }
  const summary = [...result.done, ...result.notes].join('\n');
  return [
    thinkingBlock(result.done.map((d) => `- ${d}`).join('\n')),
    'On it.\n\n',
    ...blocks,
    `\n${summary}\n`,
  ].join('');
}

function fixReply(msg: RequestMessage, modules: GenModule[]): string {
  // `generate` already tried this before asking the builtin provider; a direct `builtinReply` call gets it too.
  // Other files come named only; their names are enough to import a missing component.
  const known = [
    ...modules,
    ...msg.otherFiles.map((f) => ({
      filePath: f.filePath,
      moduleType: f.moduleType as GenModule['moduleType'],
      content: '',
    })),
  ];
  const repair = msg.error
    ? deterministicRepair({ prompt: msg.prompt, action: 'FIX_CHANGE', modules: known, error: msg.error })
    : null;
  if (repair) return repair.reply;
  const where = msg.error ? ` in \`${msg.error.filePath}\`` : '';
  return `The builtin generator can't diagnose errors${where} on its own: it builds apps from templates and makes a fixed set of edits, without a language model.\n\nTo fix generated code automatically, connect a model, for example KILN_MODEL=openai:gpt-4o-mini (with OPENAI_API_KEY) or KILN_MODEL=ollama:llama3.1. You can also edit the file directly in the code editor.\n`;
}
