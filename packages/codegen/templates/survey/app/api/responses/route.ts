import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';

const QUESTIONS = [
  kiln.questionsTop,
];

// deno-lint-ignore no-explicit-any
type Answers = Record<string, any>;

/** Why an answer does not fit its question, or '' when it does. */
function problem(question: Answers, value: unknown): string {
  switch (question.type) {
    case 'rating':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5 ? '' : 'A rating is 1 to 5 stars.';
    case 'nps':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10 ? '' : 'Pick a number from 0 to 10.';
    case 'choice':
      return question.options.includes(value) ? '' : 'Pick one of the choices.';
    case 'multi':
      return Array.isArray(value) && value.every((v) => question.options.includes(v)) ? '' : 'Pick from the choices.';
    case 'email':
      return typeof value === 'string' && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
        ? ''
        : 'Please enter a valid email address.';
    default:
      return typeof value === 'string' && value.length <= 5000 ? '' : 'Keep your answer under 5,000 characters.';
  }
}

function summarise(questions: Answers[], responses: Answers[]) {
  const numbers = (id: string) => responses.map((r) => r[id]).filter((v) => typeof v === 'number');
  const rating = questions.find((q) => q.type === 'rating');
  const ratings = rating ? numbers(rating.id) : [];
  const nps = questions.find((q) => q.type === 'nps');
  const scores = nps ? numbers(nps.id) : [];
  const counts: Answers = {};
  for (const q of questions.filter((q) => q.options)) {
    counts[q.id] = {};
    for (const option of q.options) {
      counts[q.id][option] = responses.filter((r) => (Array.isArray(r[q.id]) ? r[q.id].includes(option) : r[q.id] === option)).length;
    }
  }
  const comments = questions
    .filter((q) => q.type === 'text')
    .flatMap((q) => responses.map((r) => ({ text: r[q.id], at: r.submittedAt })))
    .filter((c) => typeof c.text === 'string' && c.text.trim())
    .slice(0, 10);
  return {
    total: responses.length,
    average: ratings.length ? ratings.reduce((sum, v) => sum + v, 0) / ratings.length : null,
    nps: scores.length ? Math.round(((scores.filter((v) => v >= 9).length - scores.filter((v) => v <= 6).length) / scores.length) * 100) : null,
    counts,
    comments,
  };
}

/** The results: count, average rating, NPS, answers per choice and the latest comments (no emails). */
export async function GET() {
  const rows = await sql`SELECT answers, submitted_at FROM responses ORDER BY submitted_at DESC LIMIT 10000`;
  const responses = rows.map((row) => {
    const answers = typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
    return { ...answers, submittedAt: new Date(row.submitted_at as string).toISOString() };
  });
  return Response.json({ summary: summarise(QUESTIONS, responses) });
}

/** Stores a response: { answers: { [questionId]: value } }; a 400 names missing or wrong answers. */
export async function POST(request: Request) {
  const body = await readBody(request);
  const given = body && body.answers && typeof body.answers === 'object' && !Array.isArray(body.answers) ? (body.answers as Answers) : null;
  if (!given) return badRequest('Send the answers as JSON: { "answers": { … } }.');
  const answers: Answers = {};
  const missing: string[] = [];
  for (const question of QUESTIONS) {
    const value = given[question.id];
    const empty = value === undefined || value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (question.required) missing.push(question.id);
      continue;
    }
    const wrong = problem(question, value);
    if (wrong) return Response.json({ error: wrong, question: question.id }, { status: 400 });
    answers[question.id] = typeof value === 'string' ? value.trim() : Array.isArray(value) ? [...new Set(value)] : value;
  }
  if (missing.length > 0) {
    return Response.json({ error: 'Please answer every required question.', missing }, { status: 400 });
  }
  const [row] = await sql`
    INSERT INTO responses (id, answers)
    VALUES (${crypto.randomUUID()}, ${JSON.stringify(answers)}::jsonb)
    RETURNING id, submitted_at`;
  return Response.json({ response: { id: String(row?.id), submittedAt: new Date(row?.submitted_at as string).toISOString() } }, { status: 201 });
}
