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
          : 'group flex items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm transition hover:border-kiln-hue-200'
      }
    >
      <button
        type="button"
        onClick={() => onToggle(todo.id)}
        aria-label={todo.done ? 'Mark as not done' : 'Mark as done'}
        className={
          todo.done
            ? 'flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-kiln-hue-600 text-white'
            : 'flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 text-transparent hover:border-kiln-hue-500'
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
