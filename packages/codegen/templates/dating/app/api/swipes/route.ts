import { badRequest, readBody } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toProfile } from '@/app/api/utils/dating';

/** Records { profileId, decision: 'like' | 'pass' } (a new decision replaces the old); says whether it is a match. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the decision as JSON, e.g. { "profileId": "elena", "decision": "like" }.');
  const { profileId, decision } = body;
  if (typeof profileId !== 'string' || !profileId) return badRequest('Say whose profile this is (profileId).');
  if (decision !== 'like' && decision !== 'pass') return badRequest('decision must be "like" or "pass".');
  const [exists] = await sql`SELECT id FROM profiles WHERE id = ${profileId}`;
  if (!exists) return Response.json({ error: 'That profile is no longer here.' }, { status: 404 });
  await sql`
    INSERT INTO swipes (profile_id, decision) VALUES (${profileId}, ${decision})
    ON CONFLICT (profile_id) DO UPDATE SET decision = EXCLUDED.decision, created_at = now()`;
  const [row] = await sql`
    SELECT p.*, s.decision FROM profiles p JOIN swipes s ON s.profile_id = p.id WHERE p.id = ${profileId}`;
  const profile = toProfile(row);
  return Response.json({ profile, matched: profile.matched }, { status: 201 });
}

/** Forgets every pass, so those people show up on Discover again; likes and matches stay. */
export async function DELETE() {
  const rows = await sql`DELETE FROM swipes WHERE decision = 'pass' RETURNING profile_id`;
  return Response.json({ cleared: rows.map((r) => String(r.profile_id)) });
}
