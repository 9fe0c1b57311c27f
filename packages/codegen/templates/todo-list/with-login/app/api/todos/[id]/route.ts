import { badRequest, type Context, notFound, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { checkDueDate, checkTitle, toTodo } from '@/app/api/utils/todo-list';

/** Another visitor's task is answered like a missing one: nobody learns which ids exist. */
const MISSING = 'That task no longer exists.';

export async function GET(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('tasks');
  const [row] = await sql`SELECT * FROM todos WHERE id = ${params.id} AND user_id = ${session.user.id}`;
  return row ? Response.json({ todo: toTodo(row) }) : notFound(MISSING);
}

/** Changes one of the visitor's tasks: any of { done, title, dueDate }; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('tasks');
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "done": true }.');
  const changes = { title: null as string | null, dueDate: null as string | null };
  if (body.title !== undefined) {
    const checked = checkTitle(body.title);
    if ('error' in checked) return badRequest(checked.error);
    changes.title = checked.title;
  }
  if (body.dueDate !== undefined) {
    const checked = checkDueDate(body.dueDate);
    if ('error' in checked) return badRequest(checked.error);
    changes.dueDate = checked.dueDate;
  }
  if (body.done !== undefined && typeof body.done !== 'boolean') return badRequest('done must be true or false.');
  const done = typeof body.done === 'boolean' ? body.done : null;
  const [row] = await sql`
    UPDATE todos SET
      title = COALESCE(${changes.title}, title),
      due_date = COALESCE(${changes.dueDate}, due_date),
      done = COALESCE(${done}, done)
    WHERE id = ${params.id} AND user_id = ${session.user.id}
    RETURNING *`;
  return row ? Response.json({ todo: toTodo(row) }) : notFound(MISSING);
}

export async function DELETE(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('tasks');
  const [row] = await sql`DELETE FROM todos WHERE id = ${params.id} AND user_id = ${session.user.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound(MISSING);
}
