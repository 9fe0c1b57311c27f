import { badRequest, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { checkDueDate, checkTitle, toTodo } from '@/app/api/utils/todo-list';

/** The signed-in visitor's tasks, newest first (none for a signed-out visitor). */
export async function GET() {
  const session = await auth();
  if (!session) return Response.json({ todos: [], signIn: true });
  const rows = await sql`SELECT * FROM todos WHERE user_id = ${session.user.id} ORDER BY created_at DESC`;
  return Response.json({ todos: rows.map(toTodo) });
}

/** Adds a task of the signed-in visitor: { title, dueDate?, id? }. */
export async function POST(request: Request) {
  const session = await auth();
  if (!session) return signInFirst('tasks');
  const body = await readBody(request);
  if (!body) return badRequest('Send the task as JSON, e.g. { "title": "Buy milk" }.');
  const title = checkTitle(body.title);
  if ('error' in title) return badRequest(title.error);
  const due = checkDueDate(body.dueDate);
  if ('error' in due) return badRequest(due.error);
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO todos (id, user_id, title, due_date, done, created_at)
    VALUES (${id}, ${session.user.id}, ${title.title}, ${due.dueDate}, false, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A task with this id already exists.' }, { status: 409 });
  return Response.json({ todo: toTodo(row) }, { status: 201 });
}

/** Clears the visitor's completed tasks. */
export async function DELETE() {
  const session = await auth();
  if (!session) return signInFirst('tasks');
  const rows = await sql`DELETE FROM todos WHERE done AND user_id = ${session.user.id} RETURNING id`;
  return Response.json({ deleted: rows.map((row) => String(row.id)) });
}
