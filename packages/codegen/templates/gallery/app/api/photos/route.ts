import { badRequest, readBody, text } from '@/app/api/utils/request';
import sql from '@/app/api/utils/sql';
import { toPhoto } from '@/app/api/utils/gallery';

/** An uploaded image: the https (or, on a local server, http) URL the upload answered. */
const IMAGE_URL = /^https?:\/\/[^\s"'<>]{1,2000}$/;

/** Every photo, newest taken first. */
export async function GET() {
  const rows = await sql`SELECT * FROM photos ORDER BY taken_on DESC, created_at DESC`;
  return Response.json({ photos: rows.map(toPhoto) });
}

/** Adds a photo: { title, album, place?, takenOn?, description?, image? (the URL an upload answered) }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the photo as JSON.');
  const title = text(body.title, 120);
  const album = text(body.album, 60);
  const takenOn = text(body.takenOn, 10) || new Date().toISOString().slice(0, 10);
  const image = typeof body.image === 'string' ? body.image : '';
  if (!title) return badRequest('Give the photo a title.');
  if (!album) return badRequest('Choose an album.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(takenOn)) return badRequest('The date must look like 2025-01-31.');
  if (image && !IMAGE_URL.test(image)) return badRequest('The image must be the URL of an uploaded file.');
  const [row] = await sql`
    INSERT INTO photos (id, title, album, place, taken_on, description, image, favourite, created_at)
    VALUES (${crypto.randomUUID()}, ${title}, ${album}, ${text(body.place, 120)}, ${takenOn}, ${text(body.description, 1000)}, ${image}, false, ${Date.now()})
    RETURNING *`;
  return Response.json({ photo: toPhoto(row) }, { status: 201 });
}
