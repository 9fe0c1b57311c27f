/** The dating app's profiles as the pages use them. */

/**
 * A profile as the page shows it, with your decision. Whether they like you is only told once you like them
 * (then it is a match).
 */
export function toProfile(row: Record<string, unknown>) {
  const decision = row.decision === 'like' || row.decision === 'pass' ? row.decision : null;
  return {
    id: String(row.id),
    name: String(row.name),
    age: Number(row.age),
    city: String(row.city ?? ''),
    distanceKm: Number(row.distance_km),
    bio: String(row.bio ?? ''),
    interests: Array.isArray(row.interests) ? row.interests.map(String) : [],
    prompt: String(row.prompt ?? ''),
    answer: String(row.answer ?? ''),
    photo: String(row.photo ?? ''),
    decision,
    matched: decision === 'like' && row.likes_you === true,
  };
}
