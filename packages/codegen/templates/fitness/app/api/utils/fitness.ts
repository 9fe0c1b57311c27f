/** The workouts: what each field accepts and a row as the page uses it. */

/** The fields a workout has and what each accepts. */
export const FIELDS = [{"key":"activity","kind":"choice","label":"an activity","required":true,"options":["Run","Ride","Swim","Walk","Strength","Yoga","HIIT"]},{"key":"minutes","kind":"int","label":"the duration in minutes","min":1,"max":1440},{"key":"distance","kind":"number","label":"the distance in km","max":1000},{"key":"calories","kind":"int","label":"the calories","max":20000},{"key":"date","kind":"date","label":"the date","required":true},{"key":"note","kind":"text","label":"the note","max":140}] as const;

/** A row of the workouts table as the page uses it. */
export function toRecord(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    activity: String(row.activity ?? ''),
    minutes: Number(row.minutes),
    distance: Number(row.distance_km),
    calories: Number(row.calories),
    date: String(row.date ?? ''),
    note: String(row.note ?? ''),
    createdAt: Number(row.created_at),
  };
}
