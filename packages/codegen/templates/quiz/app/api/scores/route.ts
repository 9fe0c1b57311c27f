import { checkFields } from '@/app/api/utils/fields';
import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';

/** The fields a score has and what each accepts. */
const FIELDS = [{"key":"player","kind":"text","label":"your name","required":true,"max":40},{"key":"quiz","kind":"choice","label":"the quiz","required":true,"options":["space","geography","science"]},{"key":"score","kind":"int","label":"the score","max":50},{"key":"total","kind":"int","label":"the number of questions","min":1,"max":50}] as const;

/** A row of the quiz_scores table as the page uses it. */
function toRecord(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    player: String(row.player ?? ''),
    quiz: String(row.quiz ?? ''),
    score: Number(row.score),
    total: Number(row.total),
    createdAt: Number(row.created_at),
  };
}

/** The scores, in order. */
export async function GET() {
  const rows = await sql`SELECT * FROM quiz_scores ORDER BY score::float / total DESC, created_at ASC LIMIT 100`;
  return Response.json({ scores: rows.map(toRecord) });
}

/** Adds a score (the page may send its own id so it can show the score at once). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the score as JSON.');
  const checked = checkFields(FIELDS, body);
  if ('error' in checked) return Response.json(checked, { status: 400 });
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql`
    INSERT INTO quiz_scores (id, player, quiz, score, total, created_at)
    VALUES (${id}, ${checked.values.player}, ${checked.values.quiz}, ${checked.values.score}, ${checked.values.total}, ${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *`;
  if (!row) return Response.json({ error: 'A score with this id already exists.' }, { status: 409 });
  return Response.json({ score: toRecord(row) }, { status: 201 });
}
