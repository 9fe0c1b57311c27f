/**
 * @module Numbers as the settings screens show them: credits with a sign, sizes in bytes and GiB.
 */

const INTEGER = new Intl.NumberFormat('en');
const GIB = 1024 ** 3;

/** "1,250". */
export function formatCount(n: number): string {
  return INTEGER.format(n);
}

/** "+100" for a credit and "−5" (a true minus sign) for a debit. */
export function formatSigned(n: number): string {
  if (n > 0) return `+${INTEGER.format(n)}`;
  if (n < 0) return `\u2212${INTEGER.format(-n)}`;
  return '0';
}

/** Bytes in GiB: "1 GiB", "0.5 GiB", "100 GiB". */
export function formatGiB(bytes: number): string {
  const gib = bytes / GIB;
  return `${new Intl.NumberFormat('en', { maximumFractionDigits: gib < 1 ? 2 : 1 }).format(gib)} GiB`;
}

/** Bytes in the largest unit that keeps a number ≥ 1: "0 B", "812 KiB", "1.4 MiB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat('en', { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** "ADMIN_GRANT" → "Admin grant". */
export function humanize(value: string): string {
  const words = value.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
