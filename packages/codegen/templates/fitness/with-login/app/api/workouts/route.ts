import { badRequest, readBody, signInFirst } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { auth } from '@/auth';
import { FIELDS, toRecord } from '@/app/api/utils/fitness';
import { checkFields } from '@/app/api/utils/fields';

/** The signed-in visitor's workouts, in order (none for a signed-out visitor). */
export async function GET() {
  const session = await auth();
  if (!session) return Response.json({ workouts: [], signIn: true });
  const rows = await sql`SELECT * FROM workouts WHERE user_id = ${session.user.id} ORDER BY date DESC, created_at DESC LIMIT 500`;
  return Response.json({ workouts: rows.map(toRecord) });
}

/** Adds a workout of the signed-in visitor (the page may send its own id). */
export async function POST(request: Request) {
  const session = await auth();
  if (!session) return signInFirst('workouts');
  const body = await readBody(request);
  if (!body) return badRequest('Send the workout as JSON.');
  const checked = checkFields(FIELDS, body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO workouts (id, user_id, activity, minutes, distance_km, calories, date, note, created_at)
    VALUES (${id}, ${session.user.id}, ${checked.values.activity}, ${checked.values.minutes}, ${checked.values.distance}, ${checked.values.calories}, ${checked.values.date}, ${checked.values.note}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A workout with this id already exists.' }, { status: 409 });
  return Response.json({ workout: toRecord(row) }, { status: 201 });
}
