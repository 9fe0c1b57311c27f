import sql from '@/app/api/utils/sql';

export async function GET() {
  const rows = await sql`
    SELECT m.*, (SELECT count(*) FROM posts p WHERE p.handle = m.handle)::int AS post_count
    FROM members m ORDER BY m.name`;
  return Response.json({
    members: rows.map((row) => ({
      handle: String(row.handle),
      name: String(row.name),
      bio: String(row.bio),
      place: String(row.place),
      posts: Number(row.post_count),
    })),
  });
}
