/**
 * The builtin TODO_LIST_APP: tasks with due dates — add, tick, delete, filter, overdue highlighted,
 * persisted in localStorage.
 * @module
 */
import { jsString, jsxText } from '../format.ts';
import { type AppContext, appHeader, type BuiltApp, component, documentTitleEffect, page } from './shared.ts';

/** Builds the todo list app. */
export function todoListApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const storageKey = `${slugKey(ctx.title)}.todos`;
  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { CalendarClock, CheckCircle2, ListTodo, Sparkles } from 'lucide-react';
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
      { id: 'welcome-1', title: 'Renew library books', dueDate: isoDay(-1), done: false, createdAt: 1 },
      { id: 'welcome-2', title: 'Call the dentist to book a check-up', dueDate: isoDay(0), done: false, createdAt: 2 },
      { id: 'welcome-3', title: 'Plan the weekend hike', dueDate: isoDay(4), done: false, createdAt: 3 },
      { id: 'welcome-4', title: 'Water the plants', dueDate: '', done: true, createdAt: 4 },
    ];
  }

  const [todos, setTodos] = useState(() => {
    if (typeof window === 'undefined') return [];
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || 'null');
      return Array.isArray(saved) ? saved : starterTodos();
    } catch {
      return starterTodos();
    }
  });
  const [filter, setFilter] = useState('all');
  const today = isoDay(0);

${documentTitleEffect(ctx.title)}

  useEffect(() => {
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(todos));
    } catch {
      // Storage can be full or disabled; the list still works for this visit.
    }
  }, [todos]);

  function addTodo(title, dueDate) {
    const todo = {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7),
      title,
      dueDate,
      done: false,
      createdAt: Date.now(),
    };
    setTodos((current) => [todo, ...current]);
  }

  function toggleTodo(id) {
    setTodos((current) => current.map((t) => (t.id === id ? { ...t, done: !t.done } : t)));
  }

  function deleteTodo(id) {
    setTodos((current) => current.filter((t) => t.id !== id));
  }

  function clearCompleted() {
    setTodos((current) => current.filter((t) => !t.done));
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

        <AddTodoForm onAdd={addTodo} />

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
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

        {visible.length === 0 && (
          <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white/60 px-6 py-12 text-center">
            <CheckCircle2 className="mx-auto h-10 w-10 text-${a}-400" aria-hidden="true" />
            <p className="mt-3 font-medium text-slate-700">{filter === 'all' ? 'No tasks yet' : 'Nothing here'}</p>
            <p className="mt-1 text-sm text-slate-500">
              {filter === 'all' ? 'Add your first task above to get started.' : 'Try another filter or add a new task.'}
            </p>
          </div>
        )}

        <p className="mt-10 text-center text-xs text-slate-400">Your tasks are saved in this browser.</p>
      </main>
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
    if (!trimmed) return;
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
            disabled={!title.trim()}
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
    modules: [
      home,
      appHeader(ctx, { icon: 'ListTodo', links: [{ href: '/', label: 'Tasks' }], maxWidth: 'max-w-3xl' }),
      addForm,
      item,
    ],
    plan: [
      `Build "${ctx.title}", a todo list with due dates.`,
      '- Page `/`: progress stats, an add form (title + due date), filters (all, active, overdue, completed) and the list.',
      '- Components: AppHeader, AddTodoForm, TodoItem (tick, delete, overdue and due-today badges).',
      `- Persist tasks in localStorage; ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: add a task with an optional due date, tick it off, delete it, and filter by active, overdue or completed. Overdue tasks are highlighted in red and everything is saved in your browser.`,
      '',
      'Try next: "change the colour to emerald", "rename the app to Taskly", or "add a page called About".',
    ].join('\n'),
  };
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
