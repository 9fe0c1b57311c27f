/** The tasks of the todo list: a row as the page uses it and the checks of what a request may set. */

/** A row of the todos table as the page uses it. */
export function toTodo(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    dueDate: row.due_date ? String(row.due_date) : '',
    done: row.done === true,
    createdAt: Number(row.created_at),
  };
}

/** A cleaned title, or an error message. */
export function checkTitle(value: unknown): { title: string } | { error: string } {
  const title = typeof value === 'string' ? value.trim() : '';
  if (!title) return { error: 'A task needs a title.' };
  if (title.length > 500) return { error: 'Keep the title under 500 characters.' };
  return { title };
}

/** A due date ('' for none, else YYYY-MM-DD), or an error message. */
export function checkDueDate(value: unknown): { dueDate: string } | { error: string } {
  if (value === undefined || value === null || value === '') return { dueDate: '' };
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return { error: 'The due date must look like 2025-01-31.' };
  }
  return { dueDate: value };
}
