/** The feed's rows as the pages use them: posts with their replies, and members' handles. */

/** A member's handle from a display name: lowercase letters and digits. */
export function handleOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 20) || 'member';
}

/** A row of replies as the pages use it. */
export function toReply(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    handle: String(row.handle),
    name: String(row.name),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}

/** A row of posts as the pages use it, with its replies (of `replies`, the rows of any posts). */
export function toPost(row: Record<string, unknown>, replies: Record<string, unknown>[]) {
  return {
    id: String(row.id),
    handle: String(row.handle),
    name: String(row.name),
    body: String(row.body),
    topic: String(row.topic),
    likes: Number(row.likes),
    createdAt: Number(row.created_at),
    replies: replies.filter((r) => r.post_id === row.id).map(toReply),
  };
}
