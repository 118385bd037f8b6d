/**
 * CSV files the web app writes for download. Text starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return would run as a formula in Excel, LibreOffice or Google Sheets (a customer's `=HYPERLINK(...)` in a
 * booking form), so such text gets a leading `'`, OWASP's advice; spreadsheets show it as text. Numbers are
 * written as numbers (-5 stays -5).
 */
const formulaLike = /^'*[=+\-@\t\r]/;

/** One value as a CSV cell: neutralised if it is formula-like text, quoted if it holds `"`, `,` or a line break. */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = String(value);
  const safe = formulaLike.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV document: the header, then one line per row. */
export function csvDocument(header: readonly unknown[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n');
}
