/**
 * @module Public sheets (spec §7 `POST /api/public-sheet`): a form on a generated app sends
 * `{formData, sheetId}` and each submission becomes a row of the table `public_sheet_rows` in the app's own
 * database (the published app's `main` branch, the preview's `development`), where the Database tab shows it
 * and `publicSheetCsv` hands it out as CSV.
 */

import type { DatabaseBranch } from '@kiln/core';
import { KilnError } from '@kiln/core';
import type { AppBackend } from '../app-backend';

/** The table submissions land in. */
export const PUBLIC_SHEET_TABLE = 'public_sheet_rows';

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${PUBLIC_SHEET_TABLE} (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sheet_id text NOT NULL,
  data json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

export const SHEET_LIMITS = { fields: 100, nameChars: 200, valueChars: 10_000, sheetIdChars: 200 } as const;

export const SHEET_MESSAGES = {
  shape: 'Send JSON with formData (an object of field names to values) and sheetId (a string).',
  sheetId: `sheetId must be a string of 1 to ${SHEET_LIMITS.sheetIdChars} characters.`,
  tooManyFields: `A submission has at most ${SHEET_LIMITS.fields} fields.`,
  fieldName: `Field names are 1 to ${SHEET_LIMITS.nameChars} characters.`,
  value: (name: string) =>
    `The field "${name}" must be text, a number, true/false or a list of those, at most ${SHEET_LIMITS.valueChars} characters.`,
} as const;

/** A checked submission: the sheet and its flat fields (lists joined with commas, as the spec's forms send). */
export function parseSubmission(body: unknown): { sheetId: string; data: Record<string, string> } {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new KilnError('validation', SHEET_MESSAGES.shape);
  const { formData, sheetId } = body as { formData?: unknown; sheetId?: unknown };
  if (typeof sheetId !== 'string' || !sheetId.trim() || sheetId.length > SHEET_LIMITS.sheetIdChars)
    throw new KilnError('validation', SHEET_MESSAGES.sheetId);
  if (!formData || typeof formData !== 'object' || Array.isArray(formData))
    throw new KilnError('validation', SHEET_MESSAGES.shape);
  const entries = Object.entries(formData as Record<string, unknown>);
  if (entries.length > SHEET_LIMITS.fields) throw new KilnError('validation', SHEET_MESSAGES.tooManyFields);
  const data: Record<string, string> = {};
  for (const [name, raw] of entries) {
    if (!name || name.length > SHEET_LIMITS.nameChars)
      throw new KilnError('validation', SHEET_MESSAGES.fieldName);
    const value = Array.isArray(raw) ? raw.map((v) => scalar(name, v)).join(',') : scalar(name, raw);
    if (value.length > SHEET_LIMITS.valueChars) throw new KilnError('validation', SHEET_MESSAGES.value(name));
    data[name] = value;
  }
  return { sheetId: sheetId.trim(), data };
}

function scalar(name: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new KilnError('validation', SHEET_MESSAGES.value(name));
}

/** The branch's migration that makes the table (recorded like an app's own migrations, applied once). */
export const SHEET_MIGRATION = { name: '0000_kiln_public_sheet_rows', sql: CREATE_TABLE } as const;

async function ensureTable(backend: AppBackend, key: { projectId: string; branch: DatabaseBranch }) {
  const [result] = await backend.databases.migrate(key, [SHEET_MIGRATION]);
  if (result?.status === 'FAILED')
    throw new KilnError('internal', `The public sheet table could not be made: ${result.error}`);
}

/** Stores one submission; answers the new row's id. */
export async function addSheetRow(
  backend: AppBackend,
  projectId: string,
  branch: DatabaseBranch,
  body: unknown,
): Promise<{ ok: true; id: string }> {
  const { sheetId, data } = parseSubmission(body);
  const key = { projectId, branch };
  await ensureTable(backend, key);
  const { rows } = await backend.databases.query(
    key,
    `INSERT INTO ${PUBLIC_SHEET_TABLE} (sheet_id, data) VALUES ($1, $2) RETURNING id`,
    [sheetId, JSON.stringify(data)],
  );
  return { ok: true, id: String(rows[0]?.id) };
}

/** Most rows one CSV holds. */
export const CSV_MAX_ROWS = 50_000;

/**
 * A sheet's submissions as CSV (RFC 4180): `submitted_at`, `sheet_id`, then one column per field name in the
 * order first seen. Without `sheetId`, every sheet. Empty (a header only) when nothing was submitted yet.
 */
export async function sheetCsv(
  backend: AppBackend,
  projectId: string,
  branch: DatabaseBranch,
  sheetId: string | null | undefined,
): Promise<string> {
  const key = { projectId, branch };
  const tables = await backend.databases.tables(key);
  let rows: Record<string, unknown>[] = [];
  if (tables.some((t) => t.name === PUBLIC_SHEET_TABLE)) {
    const filter = sheetId ? 'WHERE sheet_id = $1' : '';
    const res = await backend.databases.query(
      key,
      `SELECT sheet_id, data, created_at FROM ${PUBLIC_SHEET_TABLE} ${filter} ORDER BY created_at, id LIMIT ${CSV_MAX_ROWS}`,
      sheetId ? [sheetId] : [],
      { readOnly: true },
    );
    rows = res.rows;
  }
  const fields: string[] = [];
  const seen = new Set<string>();
  const parsed = rows.map((r) => {
    const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, string>;
    for (const name of Object.keys(data ?? {})) {
      if (!seen.has(name)) {
        seen.add(name);
        fields.push(name);
      }
    }
    return { at: r.created_at, sheet: String(r.sheet_id), data: data ?? {} };
  });
  const lines = [['submitted_at', 'sheet_id', ...fields].map(csvCell).join(',')];
  for (const r of parsed) {
    const at = r.at instanceof Date ? r.at.toISOString() : String(r.at ?? '');
    lines.push([at, r.sheet, ...fields.map((f) => r.data[f] ?? '')].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * One CSV cell, quoted when needed. A cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`, so a
 * visitor's text cannot become a formula in the owner's spreadsheet.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
