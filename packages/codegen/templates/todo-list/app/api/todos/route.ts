import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { checkDueDate, checkTitle, toTodo } from '@/app/api/utils/todo-list';

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
