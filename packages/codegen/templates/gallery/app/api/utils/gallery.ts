/** The gallery's photos as the pages use them. */

/** A row of photos as the pages use it. */
export function toPhoto(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    album: String(row.album),
    place: String(row.place),
    takenOn: String(row.taken_on),
    description: String(row.description),
    image: String(row.image ?? ''),
    favourite: row.favourite === true,
    createdAt: Number(row.created_at),
  };
}
