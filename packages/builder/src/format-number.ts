/**
 * @module Numbers as the settings screens show them: credits with a sign, sizes in GiB.
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

/** "ADMIN_GRANT" → "Admin grant". */
export function humanize(value: string): string {
  const words = value.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
