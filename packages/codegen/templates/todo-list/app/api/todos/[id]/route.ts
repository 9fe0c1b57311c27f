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

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That task no longer exists.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql`SELECT * FROM todos WHERE id = ${params.id}`;
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
  const [row] = await sql`
    UPDATE todos SET
      title = COALESCE(${title}, title),
      due_date = COALESCE(${dueDate}, due_date),
      done = COALESCE(${done}, done)
    WHERE id = ${params.id}
    RETURNING *`;
  return row ? Response.json({ todo: toTodo(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM todos WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
