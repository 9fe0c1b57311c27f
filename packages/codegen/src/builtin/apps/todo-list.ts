/**
 * The builtin TODO_LIST_APP: tasks with due dates — add, tick, delete, filter, overdue highlighted. With a
 * backend the tasks live in the app's `todos` table behind `/api/todos` and `/api/todos/[id]`; without one
 * (a static copy, the render check) they stay in localStorage as before.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import {
  API_CALLER,
  loadingHint,
  loadOnMount,
  NOTICE_STATE,
  NOTICE_TOAST,
  READ_BODY,
  SQL_IMPORT,
  sqlText,
} from './backend.ts';
import {
  type AppContext,
  apiRoute,
  appHeader,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';

/** The starter tasks: title, due day relative to today (null: none), done. */
const STARTER_TODOS: [title: string, dueInDays: number | null, done: boolean][] = [
  ['Renew library books', -1, false],
  ['Call the dentist to book a check-up', 0, false],
  ['Plan the weekend hike', 4, false],
  ['Water the plants', null, true],
];

/** Builds the todo list app. */
export function todoListApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const storageKey = `${slugKey(ctx.title)}.todos`;
  const starter = STARTER_TODOS.map(
    ([title, day, done], i) =>
      `      { id: 'welcome-${i + 1}', title: ${jsString(title)}, dueDate: ${day === null ? "''" : `isoDay(${day})`}, done: ${done}, createdAt: ${i + 1} },`,
  ).join('\n');
  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, CalendarClock, CheckCircle2, ListTodo, Loader2, Sparkles } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import AddTodoForm from '@/components/AddTodoForm';
import TodoItem from '@/components/TodoItem';

export default function HomePage() {
  const storageKey = ${jsString(storageKey)};

  function isoDay(offset) {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
  }

  function starterTodos() {
    return [
${starter}
    ];
  }

  function savedTodos() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || 'null');
      return Array.isArray(saved) ? saved : starterTodos();
    } catch {
      return starterTodos();
    }
  }

  // 'loading' until /api/todos answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [todos, setTodos] = useState([]);
  const [filter, setFilter] = useState('all');
  const today = isoDay(0);

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

${loadOnMount({
  path: '/api/todos',
  accept: 'data && Array.isArray(data.todos)',
  onServer: 'setTodos(data.todos);',
  onLocal: 'setTodos(savedTodos());',
})}

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(todos));
    } catch {
      // Storage can be full or disabled; the list still works for this visit.
    }
  }, [todos, source]);

${API_CALLER}

  /** With a backend, sends a change (already shown) to the API; \`undo\` puts the list back if it fails. */
  function save(request, undo) {
    if (source !== 'server') return;
    request().catch((error) => {
      undo();
      setNotice("Couldn't save that change. " + error.message);
    });
  }

  function addTodo(title, dueDate) {
    const todo = {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7),
      title,
      dueDate,
      done: false,
      createdAt: Date.now(),
    };
    setTodos((current) => [todo, ...current]);
    save(
      () =>
        api('POST', '/api/todos', { id: todo.id, title, dueDate }).then((data) => {
          setTodos((current) => current.map((t) => (t.id === todo.id ? data.todo : t)));
        }),
      () => setTodos((current) => current.filter((t) => t.id !== todo.id)),
    );
  }

  function toggleTodo(id) {
    const before = todos.find((t) => t.id === id);
    if (!before) return;
    setTodos((current) => current.map((t) => (t.id === id ? { ...t, done: !before.done } : t)));
    save(
      () => api('PATCH', '/api/todos/' + encodeURIComponent(id), { done: !before.done }),
      () => setTodos((current) => current.map((t) => (t.id === id ? { ...t, done: before.done } : t))),
    );
  }

  function deleteTodo(id) {
    const removed = todos.find((t) => t.id === id);
    if (!removed) return;
    setTodos((current) => current.filter((t) => t.id !== id));
    save(
      () => api('DELETE', '/api/todos/' + encodeURIComponent(id)),
      () => setTodos((current) => [removed, ...current]),
    );
  }

  function clearCompleted() {
    const removed = todos.filter((t) => t.done);
    setTodos((current) => current.filter((t) => !t.done));
    save(
      () => api('DELETE', '/api/todos'),
      () => setTodos((current) => [...removed, ...current]),
    );
  }

  const isOverdue = (t) => !t.done && t.dueDate !== '' && t.dueDate < today;
  const counts = {
    all: todos.length,
    active: todos.filter((t) => !t.done).length,
    overdue: todos.filter(isOverdue).length,
    done: todos.filter((t) => t.done).length,
  };
  const filters = [
    { id: 'all', label: 'All' },
    { id: 'active', label: 'Active' },
    { id: 'overdue', label: 'Overdue' },
    { id: 'done', label: 'Completed' },
  ];

  const visible = todos
    .filter((t) => {
      if (filter === 'active') return !t.done;
      if (filter === 'overdue') return isOverdue(t);
      if (filter === 'done') return t.done;
      return true;
    })
    .slice()
    .sort((x, y) => {
      if (x.done !== y.done) return x.done ? 1 : -1;
      if (x.dueDate !== y.dueDate) {
        if (!x.dueDate) return 1;
        if (!y.dueDate) return -1;
        return x.dueDate < y.dueDate ? -1 : 1;
      }
      return y.createdAt - x.createdAt;
    });

  const progress = counts.all === 0 ? 0 : Math.round((counts.done / counts.all) * 100);

  return (
    <div className="min-h-screen bg-gradient-to-b from-${a}-50 via-white to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        <section className="mb-8">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-${a}-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-${a}-700">
            <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
            Stay on top of things
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">${jsxText(ctx.title)}</h1>
          <p className="mt-2 text-slate-600">Add what needs doing, give it a due date, and tick it off when it is done.</p>
        </section>

        <section className="mb-6 grid grid-cols-3 gap-2 sm:gap-3">
          <div className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
            <div className="flex items-center gap-1.5 text-xs text-slate-500 sm:gap-2 sm:text-sm">
              <ListTodo className="h-4 w-4" aria-hidden="true" />
              Open tasks
            </div>
            <p className="mt-1 text-2xl font-semibold">{counts.active}</p>
          </div>
          <div className={counts.overdue > 0 ? 'rounded-2xl border border-red-200 bg-red-50 p-3 shadow-sm sm:p-4' : 'rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4'}>
            <div className={counts.overdue > 0 ? 'flex items-center gap-1.5 text-xs text-red-600 sm:gap-2 sm:text-sm' : 'flex items-center gap-1.5 text-xs text-slate-500 sm:gap-2 sm:text-sm'}>
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              Overdue
            </div>
            <p className={counts.overdue > 0 ? 'mt-1 text-2xl font-semibold text-red-700' : 'mt-1 text-2xl font-semibold'}>{counts.overdue}</p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
            <div className="flex items-center gap-1.5 text-xs text-slate-500 sm:gap-2 sm:text-sm">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              Completed
            </div>
            <div className="mt-1 flex items-center gap-3">
              <p className="text-2xl font-semibold">{progress}%</p>
              <div className="hidden h-2 flex-1 overflow-hidden rounded-full bg-slate-100 sm:block">
                <div className="h-full rounded-full bg-${a}-500 transition-all duration-500" style={{ width: progress + '%' }} />
              </div>
            </div>
          </div>
        </section>

        <AddTodoForm onAdd={addTodo} disabled={source === 'loading'} />

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
          <div className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
            {filters.map((f) => (
              <button
                key={f.id}
                type="button"
                onClick={() => setFilter(f.id)}
                className={
                  filter === f.id
                    ? 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-${a}-700 shadow-sm'
                    : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'
                }
              >
                {f.label}
                <span className="ml-1.5 text-xs text-slate-400">{counts[f.id]}</span>
              </button>
            ))}
          </div>
          ${loadingHint('Loading tasks…')}
          </div>
          {counts.done > 0 && (
            <button type="button" onClick={clearCompleted} className="text-sm font-medium text-slate-500 hover:text-red-600">
              Clear completed
            </button>
          )}
        </div>

        <ul className="mt-4 space-y-2">
          {visible.map((todo) => (
            <TodoItem key={todo.id} todo={todo} today={today} onToggle={toggleTodo} onDelete={deleteTodo} />
          ))}
        </ul>

        {source === 'loading' && todos.length === 0 && (
          <ul className="mt-4 space-y-2" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-14 animate-pulse rounded-2xl border border-slate-200 bg-white/70" />
            ))}
          </ul>
        )}

        {visible.length === 0 && source !== 'loading' && (
          <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white/60 px-6 py-12 text-center">
            <CheckCircle2 className="mx-auto h-10 w-10 text-${a}-400" aria-hidden="true" />
            <p className="mt-3 font-medium text-slate-700">{filter === 'all' ? 'No tasks yet' : 'Nothing here'}</p>
            <p className="mt-1 text-sm text-slate-500">
              {filter === 'all' ? 'Add your first task above to get started.' : 'Try another filter or add a new task.'}
            </p>
          </div>
        )}

        <p className="mt-10 text-center text-xs text-slate-400">
          {source === 'server' ? "Your tasks are saved in the app's database." : source === 'local' ? 'Your tasks are saved in this browser.' : ''}
        </p>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const addForm = component(
    'AddTodoForm',
    `
import { useState } from 'react';
import { CalendarDays, Plus } from 'lucide-react';

export default function AddTodoForm(props) {
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');

  function handleSubmit(event) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || props.disabled) return;
    props.onAdd(trimmed, dueDate);
    setTitle('');
    setDueDate('');
  }

  return (
    <form onSubmit={handleSubmit} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <label className="sr-only" htmlFor="todo-title">
          Task
        </label>
        <input
          id="todo-title"
          name="title"
          type="text"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="What needs to be done?"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5 text-slate-900 placeholder:text-slate-400 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100"
        />
        <div className="flex gap-3">
          <label className="relative flex flex-1 items-center sm:flex-none">
            <span className="sr-only">Due date</span>
            <CalendarDays className="pointer-events-none absolute left-3 h-4 w-4 text-slate-400" aria-hidden="true" />
            <input
              name="dueDate"
              type="date"
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
              className="w-full rounded-xl border border-slate-200 bg-slate-50 py-2.5 pl-9 pr-3 text-sm text-slate-700 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
          </label>
          <button
            type="submit"
            disabled={!title.trim() || props.disabled}
            className="inline-flex items-center justify-center gap-1.5 rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-${a}-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add
          </button>
        </div>
      </div>
    </form>
  );
}
`,
  );

  const item = component(
    'TodoItem',
    `
import { AlertCircle, Calendar, Check, Trash2 } from 'lucide-react';

export default function TodoItem(props) {
  const { todo, today, onToggle, onDelete } = props;
  const overdue = !todo.done && todo.dueDate !== '' && todo.dueDate < today;
  const dueToday = !todo.done && todo.dueDate === today;

  function formatDate(iso) {
    const parts = iso.split('-').map(Number);
    const date = new Date(parts[0], parts[1] - 1, parts[2]);
    const sameYear = date.getFullYear() === new Date().getFullYear();
    return date.toLocaleDateString(undefined, sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' });
  }

  let badgeClass = 'bg-slate-100 text-slate-600';
  let badgeText = todo.dueDate ? formatDate(todo.dueDate) : '';
  if (overdue) {
    badgeClass = 'bg-red-100 text-red-700';
    badgeText = 'Overdue · ' + formatDate(todo.dueDate);
  } else if (dueToday) {
    badgeClass = 'bg-amber-100 text-amber-800';
    badgeText = 'Due today';
  }

  return (
    <li
      className={
        overdue
          ? 'group flex items-center gap-3 rounded-2xl border border-red-200 bg-red-50/70 px-4 py-3 shadow-sm'
          : 'group flex items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm transition hover:border-${a}-200'
      }
    >
      <button
        type="button"
        onClick={() => onToggle(todo.id)}
        aria-label={todo.done ? 'Mark as not done' : 'Mark as done'}
        className={
          todo.done
            ? 'flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-${a}-600 text-white'
            : 'flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 text-transparent hover:border-${a}-500'
        }
      >
        <Check className="h-3.5 w-3.5" strokeWidth={3} aria-hidden="true" />
      </button>
      <div className="min-w-0 flex-1">
        <p className={todo.done ? 'break-words text-slate-400 line-through' : 'break-words font-medium text-slate-800'}>{todo.title}</p>
        {badgeText && (
          <span className={'mt-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ' + (todo.done ? 'bg-slate-100 text-slate-400' : badgeClass)}>
            {overdue ? <AlertCircle className="h-3 w-3" aria-hidden="true" /> : <Calendar className="h-3 w-3" aria-hidden="true" />}
            {badgeText}
          </span>
        )}
      </div>
      <button
        type="button"
        onClick={() => onDelete(todo.id)}
        aria-label="Delete task"
        className="rounded-lg p-2 text-slate-400 transition hover:bg-red-50 hover:text-red-600 focus:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}
`,
  );

  return {
    migrations: [todosMigration()],
    modules: [
      todosRoute(),
      todoRoute(),
      home,
      appHeader(ctx, { icon: 'ListTodo', links: [{ href: '/', label: 'Tasks' }], maxWidth: 'max-w-3xl' }),
      addForm,
      item,
    ],
    plan: [
      `Build "${ctx.title}", a todo list with due dates.`,
      '- Table `todos` (id, title, due_date, done, created_at) with four starter tasks.',
      '- Functions: `/api/todos` (GET newest first, POST validated, DELETE clears completed) and `/api/todos/[id]` (PATCH done/title/due date, DELETE; 404 when missing).',
      '- Page `/`: progress stats, an add form (title + due date), filters (all, active, overdue, completed) and the list; every change is shown at once and sent to the API, and undone with a short notice if it fails.',
      '- Components: AppHeader, AddTodoForm, TodoItem (tick, delete, overdue and due-today badges).',
      `- Without a backend the page keeps tasks in localStorage; ${a} accent, Tailwind, lucide-react icons.`,
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

/** The `todos` table with the starter tasks, due dates relative to the day it is created. */
function todosMigration(): BuiltMigration {
  const rows = STARTER_TODOS.map(([title, day, done], i) => {
    const due =
      day === null
        ? "''"
        : day === 0
          ? "to_char(current_date, 'YYYY-MM-DD')"
          : `to_char(current_date ${day < 0 ? '-' : '+'} ${Math.abs(day)}, 'YYYY-MM-DD')`;
    return `  ('welcome-${i + 1}', ${sqlText(title)}, ${due}, ${done}, ${i + 1})`;
  });
  return {
    name: 'create_todos',
    sql: `CREATE TABLE todos (
  id text PRIMARY KEY,
  title text NOT NULL,
  due_date text NOT NULL DEFAULT '',
  done boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
INSERT INTO todos (id, title, due_date, done, created_at) VALUES
${rows.join(',\n')};`,
  };
}

/** Function code shared by both todo routes: the row → task mapping and input checks. */
const TODO_HELPERS = `${READ_BODY}

/** A row of the todos table as the page uses it. */
function toTodo(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    dueDate: row.due_date ? String(row.due_date) : '',
    done: row.done === true,
    createdAt: Number(row.created_at),
  };
}

/** A cleaned title, or an error message. */
function checkTitle(value: unknown): { title: string } | { error: string } {
  const title = typeof value === 'string' ? value.trim() : '';
  if (!title) return { error: 'A task needs a title.' };
  if (title.length > 500) return { error: 'Keep the title under 500 characters.' };
  return { title };
}

/** A due date ('' for none, else YYYY-MM-DD), or an error message. */
function checkDueDate(value: unknown): { dueDate: string } | { error: string } {
  if (value === undefined || value === null || value === '') return { dueDate: '' };
  if (typeof value !== 'string' || !/^\\d{4}-\\d{2}-\\d{2}$/.test(value)) {
    return { error: 'The due date must look like 2025-01-31.' };
  }
  return { dueDate: value };
}`;

/** `/api/todos`: the list (newest first), adding a task, clearing completed tasks. */
function todosRoute() {
  return apiRoute(
    'todos',
    `
${SQL_IMPORT}

${TODO_HELPERS}

/** Every task, newest first. */
export async function GET() {
  const rows = await sql\`SELECT * FROM todos ORDER BY created_at DESC\`;
  return Response.json({ todos: rows.map(toTodo) });
}

/** Adds a task: { title, dueDate?, id? } (the page sends its own id so it can update the task at once). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the task as JSON, e.g. { "title": "Buy milk" }.');
  const title = checkTitle(body.title);
  if ('error' in title) return badRequest(title.error);
  const due = checkDueDate(body.dueDate);
  if ('error' in due) return badRequest(due.error);
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql\`
    INSERT INTO todos (id, title, due_date, done, created_at)
    VALUES (\${id}, \${title.title}, \${due.dueDate}, false, \${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *\`;
  if (!row) return Response.json({ error: 'A task with this id already exists.' }, { status: 409 });
  return Response.json({ todo: toTodo(row) }, { status: 201 });
}

/** Clears the completed tasks. */
export async function DELETE() {
  const rows = await sql\`DELETE FROM todos WHERE done RETURNING id\`;
  return Response.json({ deleted: rows.map((row) => String(row.id)) });
}
`,
  );
}

/** `/api/todos/[id]`: one task — read, change (done, title, due date), delete. */
function todoRoute() {
  return apiRoute(
    'todos/[id]',
    `
${SQL_IMPORT}

${TODO_HELPERS}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That task no longer exists.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql\`SELECT * FROM todos WHERE id = \${params.id}\`;
  return row ? Response.json({ todo: toTodo(row) }) : notFound();
}

/** Changes a task: any of { done, title, dueDate }; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "done": true }.');
  let title: string | null = null;
  if (body.title !== undefined) {
    const checked = checkTitle(body.title);
    if ('error' in checked) return badRequest(checked.error);
    title = checked.title;
  }
  let dueDate: string | null = null;
  if (body.dueDate !== undefined) {
    const checked = checkDueDate(body.dueDate);
    if ('error' in checked) return badRequest(checked.error);
    dueDate = checked.dueDate;
  }
  if (body.done !== undefined && typeof body.done !== 'boolean') return badRequest('done must be true or false.');
  const done = typeof body.done === 'boolean' ? body.done : null;
  const [row] = await sql\`
    UPDATE todos SET
      title = COALESCE(\${title}, title),
      due_date = COALESCE(\${dueDate}, due_date),
      done = COALESCE(\${done}, done)
    WHERE id = \${params.id}
    RETURNING *\`;
  return row ? Response.json({ todo: toTodo(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql\`DELETE FROM todos WHERE id = \${params.id} RETURNING id\`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
`,
  );
}

/** A localStorage key prefix from a title. */
export function slugKey(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'app'
  );
}
