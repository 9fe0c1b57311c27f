import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';

import { badRequest, readBody } from '@kiln/snippets/read-body';

import { checkDueDate, checkTitle, toTodo } from '@kiln/snippets/todo-fields';

import { signInFirst } from '@kiln/snippets/signed-in';

type Context = { params: { id: string } };

/** Another visitor's task is answered like a missing one: nobody learns which ids exist. */
function notFound() {
  return Response.json({ error: 'That task no longer exists.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('tasks');
  const [row] = await sql`SELECT * FROM todos WHERE id = ${params.id} AND user_id = ${session.user.id}`;
  return row ? Response.json({ todo: toTodo(row) }) : notFound();
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
  return row ? Response.json({ todo: toTodo(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const session = await auth();
  if (!session) return signInFirst('tasks');
  const [row] = await sql`DELETE FROM todos WHERE id = ${params.id} AND user_id = ${session.user.id} RETURNING id`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
