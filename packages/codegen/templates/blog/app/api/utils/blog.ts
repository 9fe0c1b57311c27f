/** The blog's rows as the pages use them: posts and comments. */

/** A row of posts as the pages use it. */
export function toPost(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    excerpt: String(row.excerpt),
    body: String(row.body),
    tag: String(row.tag),
    author: String(row.author),
    likes: Number(row.likes),
    publishedAt: Number(row.published_at),
    comments: Number(row.comment_count ?? 0),
  };
}

/** A row of comments as the pages use it. */
export function toComment(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    postId: String(row.post_id),
    author: String(row.author),
    body: String(row.body),
    createdAt: Number(row.created_at),
  };
}
