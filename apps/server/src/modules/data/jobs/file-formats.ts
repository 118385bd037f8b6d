import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import type { DataField } from '@atrium/contract/data';
import { dataJobErrorCodes } from '@atrium/contract/data-jobs';
import { formulaSafeCast, restoreFormulaText } from './csv-formulas.ts';

/** One row of an import file: an item to write, or why the row could not be read. */
export type ParsedRow =
  | { rowNumber: number; data: Record<string, unknown> }
  | { rowNumber: number; itemId?: string; error: { code: string; description: string } };

/** CSV cells of these types hold JSON (arrays and objects); the item service then checks their shape. */
const jsonCellTypes = new Set([
  'ARRAY',
  'ARRAY_STRING',
  'ARRAY_DOCUMENT',
  'MEDIA_GALLERY',
  'MULTI_REFERENCE',
  'OBJECT',
  'ADDRESS',
  'RICH_CONTENT',
  'PAGE_LINK',
  'ANY',
]);

const systemColumns = ['_id', '_owner', '_createdDate', '_updatedDate'];

/**
 * A CSV cell as the value of a declared field. Empty cells are absent fields. DATE/DATETIME stay ISO
 * strings (the item service turns a DATETIME string into `{"$date"}` and checks a DATE's form); undeclared
 * columns stay text. Throws a message for a cell that cannot be the field's type.
 */
function cellValue(cell: string, field: DataField | undefined): unknown {
  if (!field) return cell;
  switch (field.type) {
    case 'NUMBER': {
      const value = Number(cell);
      if (cell.trim() === '' || !Number.isFinite(value)) throw new Error(`"${cell}" is not a number`);
      return value;
    }
    case 'BOOLEAN': {
      const lower = cell.trim().toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      throw new Error(`"${cell}" is not true or false`);
    }
    default:
      if (!jsonCellTypes.has(field.type)) return cell;
      try {
        return JSON.parse(cell) as unknown;
      } catch {
        // ANY takes plain text too; the others need JSON.
        if (field.type === 'ANY') return cell;
        throw new Error(`is not JSON (${field.type} cells hold JSON)`);
      }
  }
}

function csvRecordToItem(
  record: Record<string, string>,
  fields: Map<string, DataField>,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [column, raw] of Object.entries(record)) {
    const cell = restoreFormulaText(raw);
    if (cell === '' || column === '_createdDate' || column === '_updatedDate') continue;
    if (column === '_id' || column === '_owner') {
      data[column] = cell;
      continue;
    }
    try {
      data[column] = cellValue(cell, fields.get(column));
    } catch (error) {
      problems.push(`${column}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return data;
}

/**
 * The rows of a CSV file with a header line, read as a stream (csv-parse). A malformed record (wrong
 * column count, bad quoting) becomes a row error and reading goes on.
 */
export async function* parseCsv(input: Readable, fields: readonly DataField[]): AsyncGenerator<ParsedRow> {
  const declared = new Map(fields.map((field) => [field.key, field]));
  // Skipped records are not counted in csv-parse's `records`; each skip remembers how many good records
  // preceded it, so both kinds get their row number in the file.
  const skipped: Array<{ before: number; row: ParsedRow }> = [];
  let skips = 0;
  let yieldedSkips = 0;
  const parser = parse({
    columns: true,
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
  });
  parser.on('skip', (error: Error & { records?: number }) => {
    const before = error.records ?? 0;
    skips += 1;
    skipped.push({
      before,
      row: {
        rowNumber: before + skips,
        error: { code: dataJobErrorCodes.invalidCsv, description: error.message },
      },
    });
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  for await (const entry of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { records: number };
  }>) {
    while (skipped.length > 0 && skipped[0]!.before < entry.info.records) {
      yieldedSkips += 1;
      yield skipped.shift()!.row;
    }
    const rowNumber = entry.info.records + yieldedSkips;
    try {
      yield { rowNumber, data: csvRecordToItem(entry.record, declared) };
    } catch (error) {
      yield {
        rowNumber,
        ...(entry.record._id ? { itemId: entry.record._id } : {}),
        error: { code: dataJobErrorCodes.invalidValue, description: (error as Error).message },
      };
    }
  }
  for (const entry of skipped) yield entry.row;
}

/**
 * The lines of a text stream, pulled one input chunk at a time (unlike readline's iterator, which keeps
 * reading while the consumer awaits), so an import holds one stored part and one chunk of rows at most.
 */
async function* linesOf(input: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let first = true;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    rest += decoder.write(chunk);
    if (first && rest.length > 0) {
      // A byte-order mark some editors write is not part of the first line.
      if (rest.startsWith('\uFEFF')) rest = rest.slice(1);
      first = false;
    }
    const lines = rest.split('\n');
    rest = lines.pop()!;
    for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

/** The rows of a JSON Lines file, one object per line; blank lines are ignored, row numbers are line numbers. */
export async function* parseJsonl(input: Readable): AsyncGenerator<ParsedRow> {
  let rowNumber = 0;
  for await (const line of linesOf(input)) {
    rowNumber += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      yield {
        rowNumber,
        error: { code: dataJobErrorCodes.invalidJson, description: (error as Error).message },
      };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield {
        rowNumber,
        error: { code: dataJobErrorCodes.invalidRow, description: 'each line must be a JSON object' },
      };
      continue;
    }
    yield { rowNumber, data: value as Record<string, unknown> };
  }
}

/** The CSV header of an export: system fields, declared fields in schema order, then any other key. */
export function csvColumns(fields: readonly DataField[], dataKeys: readonly string[]): string[] {
  const declared = fields.map((field) => field.key);
  const extra = dataKeys.filter((key) => !declared.includes(key) && !systemColumns.includes(key));
  return [...systemColumns, ...declared, ...extra];
}

/**
 * One exported value as a CSV cell: dates as ISO strings, arrays and objects as JSON, absent as empty.
 * Numbers and booleans keep their type, so only text goes through the formula guard (`csv-formulas.ts`).
 */
function toCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    '$date' in value
  ) {
    return String((value as { $date: unknown }).$date);
  }
  return JSON.stringify(value);
}

/** A page of exported items as CSV text (with the header on the first page). */
export function csvPage(
  items: ReadonlyArray<Record<string, unknown>>,
  columns: readonly string[],
  header: boolean,
): string {
  return stringify(
    items.map((item) => columns.map((column) => toCell(item[column]))),
    { header, columns: [...columns], cast: formulaSafeCast },
  );
}

/** A page of exported items as JSON Lines (dates stay `{"$date"}`). */
export function jsonlPage(items: ReadonlyArray<Record<string, unknown>>): string {
  return items.map((item) => `${JSON.stringify(item)}\n`).join('');
}
