import { badRequest, type Context, notFound, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { checkDueDate, checkTitle, toTodo } from '@/app/api/utils/todo-list';

const MISSING = 'That task no longer exists.';

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql`SELECT * FROM todos WHERE id = ${params.id}`;
  return row ? Response.json({ todo: toTodo(row) }) : notFound(MISSING);
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
  return row ? Response.json({ todo: toTodo(row) }) : notFound(MISSING);
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql`DELETE FROM todos WHERE id = ${params.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound(MISSING);
}
