import sql from '@/app/api/utils/sql';
import { toProfile } from '@/app/api/utils/dating';

export async function GET() {
  const rows = await sql`
    SELECT p.*, s.decision FROM profiles p LEFT JOIN swipes s ON s.profile_id = p.id
    ORDER BY p.sort_order, p.id`;
  return Response.json({ profiles: rows.map(toProfile) });
}
