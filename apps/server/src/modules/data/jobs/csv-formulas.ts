/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return is run as a formula by Excel, LibreOffice and Google Sheets, so a visitor's
 * `=HYPERLINK(...)` in a form would act in the owner's spreadsheet. Such text cells are exported with a
 * leading `'`, which spreadsheets show as text. Cells already starting with quotes before such a character
 * get one more, so that `restoreFormulaText` is the exact inverse and an export imports back unchanged.
 */
const formulaLike = /^'*[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet (numbers are never passed here: -5 stays a number). */
export function neutraliseFormula(text: string): string {
  return formulaLike.test(text) ? `'${text}` : text;
}

/** The text `neutraliseFormula` was given, from a cell of a file it wrote (a no-op on other cells). */
export function restoreFormulaText(cell: string): string {
  return cell.startsWith("'") && formulaLike.test(cell) ? cell.slice(1) : cell;
}

/** csv-stringify's `cast` option: text cells neutralised, numbers and booleans written as they are. */
export const formulaSafeCast = {
  string: (value: string) => neutraliseFormula(value),
  number: (value: number) => String(value),
  boolean: (value: boolean) => String(value),
};
