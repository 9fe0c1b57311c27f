import { useEffect, useRef, useState } from 'react';
import { AlertCircle, CalendarClock, CheckCircle2, ListTodo, Loader2, Sparkles } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import AddTodoForm from '@/components/AddTodoForm';
import TodoItem from '@/components/TodoItem';

export default function HomePage() {
  const storageKey = 'kiln-slug.todos';

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

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const [notice, setNotice] = useState('');
  /** The changes on their way to the server, in order. */
  const pending = useRef(Promise.resolve());

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/todos', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.todos)) {
          setTodos(data.todos);
          setSource(kiln.serverSource);
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setTodos(savedTodos());
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(todos));
    } catch {
      // Storage can be full or disabled; the list still works for this visit.
    }
  }, [todos, source]);

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      throw new Error('The server could not be reached.');
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error((data && data.error) || 'The server answered ' + res.status + '.');
    return data;
  }

  /**
   * With a backend, sends a change (already shown) to the API; `undo` puts the list back if it fails. Changes go
   * one after another, so ticking a task off right after adding it reaches the server after the task does.
   */
  function save(request, undo) {
    if (source !== 'server') return;
    pending.current = pending.current.then(() =>
      request().catch((error) => {
        undo();
        setNotice("Couldn't save that change. " + error.message);
      }),
    );
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
          // The server's copy, with what was changed here meanwhile (a tick) kept: that change is on its way.
          setTodos((current) => current.map((t) => (t.id === todo.id ? { ...data.todo, done: t.done } : t)));
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

  kiln.signInScreen;
  return (
    <div className="min-h-screen bg-gradient-to-b from-kiln-hue-50 via-white to-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        <section className="mb-8">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-kiln-hue-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-kiln-hue-700">
            <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
            Stay on top of things
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">kiln-titleText</h1>
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
                <div className="h-full rounded-full bg-kiln-hue-500 transition-all duration-500" style={{ width: progress + '%' }} />
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
                    ? 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-kiln-hue-700 shadow-sm'
                    : 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'
                }
              >
                {f.label}
                <span className="ml-1.5 text-xs text-slate-400">{counts[f.id]}</span>
              </button>
            ))}
          </div>
          {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading tasks…
            </span>
          )}
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
            <CheckCircle2 className="mx-auto h-10 w-10 text-kiln-hue-400" aria-hidden="true" />
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
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
