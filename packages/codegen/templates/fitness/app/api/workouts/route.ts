import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { FIELDS, toRecord } from '@/app/api/utils/fitness';
import { checkFields } from '@/app/api/utils/fields';

/** The workouts, in order. */
export async function GET() {
  const rows = await sql`SELECT * FROM workouts ORDER BY date DESC, created_at DESC LIMIT 500`;
  return Response.json({ workouts: rows.map(toRecord) });
}

/** Adds a workout (the page may send its own id so it can show the workout at once). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the workout as JSON.');
  const checked = checkFields(FIELDS, body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO workouts (id, activity, minutes, distance_km, calories, date, note, created_at)
    VALUES (${id}, ${checked.values.activity}, ${checked.values.minutes}, ${checked.values.distance}, ${checked.values.calories}, ${checked.values.date}, ${checked.values.note}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A workout with this id already exists.' }, { status: 409 });
  return Response.json({ workout: toRecord(row) }, { status: 201 });
}
