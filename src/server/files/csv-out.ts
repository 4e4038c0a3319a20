// CSV files the admin downloads, as Excel in Spanish opens them: semicolons, a BOM, CRLF, and no
// cell ever taken for a formula.

/** A CSV field: quoted when needed, and a leading =, +, -, @ (or tab, CR) escaped with a quote. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The lines (the header first) as a CSV document. */
export const csvDocument = (lines: string[][]) => `\uFEFF${lines.map((line) => line.map(csvField).join(';')).join('\r\n')}\r\n`;

/** A name for the downloaded file, from a course's or an exam's title. */
export const fileSlug = (title: string, fallback: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || fallback;
