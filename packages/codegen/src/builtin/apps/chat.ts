/**
 * The builtin CHAT_APP: rooms on the left, the room's conversation on the right, a composer under it. With a
 * backend the rooms and messages live in the app's `rooms` and `messages` tables behind `/api/rooms` and
 * `/api/rooms/[id]/messages`, and the page polls every few seconds for what others wrote; without one the
 * conversation stays in this browser (localStorage).
 * Template files: `templates/chat/`.
 * @module
 */
import { appVars, templateMigration, templateModules } from '../templates.ts';
import { type AppContext, appHeader, type BuiltApp, otherHue } from './shared.ts';

const APP = 'chat';

/** Builds the chat app. */
export function chatApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = appVars(ctx);
  return {
    migrations: [templateMigration(APP, 'create_rooms_and_messages', vars)],
    modules: [
      ...templateModules(
        APP,
        ['app/api/rooms/route.ts', 'app/api/rooms/[id]/messages/route.ts', 'app/page.tsx'],
        vars,
      ),
      appHeader(ctx, {
        icon: 'MessagesSquare',
        links: [{ href: '/', label: 'Chat' }],
        maxWidth: 'max-w-6xl',
      }),
      ...templateModules(
        APP,
        ['components/RoomList.tsx', 'components/MessageBubble.tsx', 'components/Composer.tsx'],
        vars,
      ),
    ],
    plan: [
      `Build "${ctx.title}", a group chat.`,
      '- Tables `rooms` (id, name, topic) and `messages` (id, room_id, author, body, created_at) with three rooms and a short conversation in each.',
      '- Functions: `/api/rooms` (GET with each room’s last message, POST a new room) and `/api/rooms/[id]/messages` (GET, `?after=` for only newer ones; POST a message).',
      '- Page `/`: room list beside the conversation and a composer; choose a display name once; polls for new messages every 3 seconds. Room chips on phones.',
      '- Components: AppHeader, RoomList (with "new room"), MessageBubble, Composer.',
      `- Without a backend the chat stays in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: chat rooms with a live conversation. Pick a display name, write in #general, #design or #random, or start a new room. Everyone using the app sees new messages within about three seconds.`,
      '',
      "Rooms and messages are stored in the app's database (tables `rooms` and `messages`, through the functions `/api/rooms` and `/api/rooms/[id]/messages`), and the page polls for new ones. Opened without its backend, the chat stays in the browser instead.",
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'violet', 'sky')}`,
      'add sign-in',
      'add a page called Guidelines',
    ],
  };
}
