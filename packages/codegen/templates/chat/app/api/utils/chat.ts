/** The chat's messages as the pages use them. */

/** A row of the messages table as the page uses it. */
export function toMessage(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    roomId: String(row.room_id),
    author: String(row.author),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}
