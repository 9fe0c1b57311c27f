/**
 * The builtin TODO_LIST_APP (`templates/todo-list/`): tasks with due dates — add, tick, delete, filter, overdue
 * highlighted. With a backend the tasks live in the app's `todos` table behind `/api/todos` and
 * `/api/todos/[id]`; without one (a static copy, the render check) they stay in localStorage as before.
 * @module
 */
import { appVars, templateMigration, templateModules } from '../templates.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  otherHue,
  otherName,
  signInScreenVars,
} from './shared.ts';

export { slugKey } from '../templates.ts';

const APP = 'todo-list';

/** Builds the todo list app. */
export function todoListApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const vars = { ...appVars(ctx), ...signInScreenVars(ctx, 'todos') };
  return {
    migrations: [
      templateMigration(APP, 'create_todos', vars),
      // With sign-in each visitor keeps their own todos: the rows carry the visitor's id (auth_users.id).
      ...(ctx.signIn ? [templateMigration(APP, 'own_todos', vars)] : []),
    ],
    modules: [
      ...templateModules(
        ctx.signIn ? `${APP}/with-login` : APP,
        ['app/api/todos/route.ts', 'app/api/todos/[id]/route.ts'],
        vars,
      ),
      ...templateModules(APP, ['app/page.tsx'], vars),
      appHeader(ctx, { icon: 'ListTodo', links: [{ href: '/', label: 'Tasks' }], maxWidth: 'max-w-3xl' }),
      ...templateModules(APP, ['components/AddTodoForm.tsx', 'components/TodoItem.tsx'], vars),
    ],
    plan: [
      `Build "${ctx.title}", a todo list with due dates.`,
      '- Table `todos` (id, title, due_date, done, created_at) with four starter tasks.',
      '- Functions: `/api/todos` (GET newest first, POST validated, DELETE clears completed) and `/api/todos/[id]` (PATCH done/title/due date, DELETE; 404 when missing).',
      '- Page `/`: progress stats, an add form (title + due date), filters (all, active, overdue, completed) and the list; every change is shown at once and sent to the API, and undone with a short notice if it fails.',
      '- Components: AppHeader, AddTodoForm, TodoItem (tick, delete, overdue and due-today badges).',
      `- Without a backend the page keeps tasks in localStorage; ${a} accent, Tailwind, lucide-react icons.`,
      ...(ctx.signIn
        ? [
            `- Sign-in: each visitor sees and changes only their own tasks (column \`user_id\`, from \`auth()\`); signed out, the page asks them to sign in.`,
          ]
        : []),
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: add a task with an optional due date, tick it off, delete it, and filter by active, overdue or completed. Overdue tasks are highlighted in red.`,
      '',
      "Tasks are stored in the app's database (table `todos`, through the functions `/api/todos` and `/api/todos/[id]`), so they are the same on every device. Opened without its backend, the page keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'emerald', 'indigo')}`,
      `rename the app to ${otherName(ctx.title, 'Taskly', 'Done List')}`,
      'add a page called About',
    ],
  };
}
