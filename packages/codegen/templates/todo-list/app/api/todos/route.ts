import sql from '@/app/api/utils/sql';

import { badRequest, readBody } from '@kiln/snippets/read-body';

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
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return { error: 'The due date must look like 2025-01-31.' };
  }
  return { dueDate: value };
}

/** Every task, newest first. */
export async function GET() {
  const rows = await sql`SELECT * FROM todos ORDER BY created_at DESC`;
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
  const [row] = await sql`
    INSERT INTO todos (id, title, due_date, done, created_at)
    VALUES (${id}, ${title.title}, ${due.dueDate}, false, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A task with this id already exists.' }, { status: 409 });
  return Response.json({ todo: toTodo(row) }, { status: 201 });
}

/** Clears the completed tasks. */
export async function DELETE() {
  const rows = await sql`DELETE FROM todos WHERE done RETURNING id`;
  return Response.json({ deleted: rows.map((row) => String(row.id)) });
}
