import type { DataField, DataFieldType } from '@atrium/contract/data';

/** How a field's values are edited in a cell or a form. */
export type EditorKind =
  'text' | 'longText' | 'number' | 'boolean' | 'date' | 'datetime' | 'time' | 'reference' | 'json';

/** The field types in the order the type picker groups them. */
export const fieldTypeGroups: Array<{
  group: 'basic' | 'media' | 'structured' | 'references';
  types: DataFieldType[];
}> = [
  {
    group: 'basic',
    types: [
      'TEXT',
      'RICH_TEXT',
      'NUMBER',
      'BOOLEAN',
      'DATE',
      'DATETIME',
      'TIME',
      'URL',
      'EMAIL',
      'SLUG',
      'LANGUAGE',
    ],
  },
  { group: 'media', types: ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT', 'MEDIA_GALLERY'] },
  {
    group: 'structured',
    types: [
      'OBJECT',
      'ARRAY',
      'ARRAY_STRING',
      'ARRAY_DOCUMENT',
      'ADDRESS',
      'RICH_CONTENT',
      'PAGE_LINK',
      'ANY',
    ],
  },
  { group: 'references', types: ['REFERENCE', 'MULTI_REFERENCE'] },
];

const textTypes = new Set<DataFieldType>([
  'TEXT',
  'URL',
  'EMAIL',
  'SLUG',
  'LANGUAGE',
  'IMAGE',
  'VIDEO',
  'AUDIO',
  'DOCUMENT',
]);

export function editorKind(type: DataFieldType): EditorKind {
  if (textTypes.has(type)) return 'text';
  switch (type) {
    case 'RICH_TEXT':
      return 'longText';
    case 'NUMBER':
      return 'number';
    case 'BOOLEAN':
      return 'boolean';
    case 'DATE':
      return 'date';
    case 'DATETIME':
      return 'datetime';
    case 'TIME':
      return 'time';
    case 'REFERENCE':
      return 'reference';
    default:
      return 'json';
  }
}

/** Cells edited in place; structured values and multi-references are edited in the item form. */
export function editableInline(field: DataField): boolean {
  if (field.systemField) return false;
  const kind = editorKind(field.type);
  return kind !== 'json' && kind !== 'reference';
}

/** Multi-references live beside the items, not in them: the table shows no column for them. */
export function shownAsColumn(field: DataField): boolean {
  return field.type !== 'MULTI_REFERENCE';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` in the viewer's zone, as `<input type="datetime-local">` takes it. */
export function toLocalInput(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}`;
}

function asDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'string' && value !== '') {
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? undefined : parsed;
  }
  return undefined;
}

/** A stored value as the text an editor starts from. */
export function toEditorText(kind: EditorKind, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (kind) {
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'date': {
      if (typeof value === 'string') return value.slice(0, 10);
      const date = asDate(value);
      return date ? date.toISOString().slice(0, 10) : '';
    }
    case 'datetime': {
      const date = asDate(value);
      return date ? toLocalInput(date) : '';
    }
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

export type Parsed = { ok: true; value: unknown } | { ok: false; problem: 'number' | 'date' | 'json' };

/** What an editor's text stores; `undefined` means "clear the field". */
export function fromEditorText(kind: EditorKind, text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === '' && kind !== 'text' && kind !== 'longText') return { ok: true, value: undefined };
  switch (kind) {
    case 'number': {
      const value = Number(trimmed.replace(',', '.'));
      return Number.isFinite(value) ? { ok: true, value } : { ok: false, problem: 'number' };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
        ? { ok: true, value: trimmed }
        : { ok: false, problem: 'date' };
    case 'datetime': {
      const date = new Date(trimmed);
      return Number.isNaN(date.getTime()) ? { ok: false, problem: 'date' } : { ok: true, value: date };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(trimmed) as unknown };
      } catch {
        return { ok: false, problem: 'json' };
      }
    case 'text':
    case 'longText':
      return { ok: true, value: text === '' ? undefined : text };
    default:
      return { ok: true, value: trimmed };
  }
}

// A DATE is a calendar day: shown in UTC so the day never shifts with the viewer's zone.
const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const numberFormat = new Intl.NumberFormat();

/** A value as one line of text in a cell. */
export function formatValue(type: DataFieldType, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (type === 'DATE') {
    const date = typeof value === 'string' ? asDate(`${value.slice(0, 10)}T00:00:00Z`) : asDate(value);
    return date ? dayFormat.format(date) : String(value);
  }
  if (type === 'DATETIME' || value instanceof Date) {
    const date = asDate(value);
    return date ? dateTimeFormat.format(date) : String(value);
  }
  if (type === 'NUMBER' && typeof value === 'number') return numberFormat.format(value);
  if (type === 'RICH_TEXT' && typeof value === 'string')
    return value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A readable name for a field. */
export function fieldLabel(field: Pick<DataField, 'key' | 'displayName'>): string {
  return field.displayName || field.key;
}

/** A field key from a display name: `Published on` → `publishedOn`. */
export function keyFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^\w\s]/g, '')
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean);
  const key = words
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toLowerCase() + word.slice(1)
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
  return /^[A-Za-z_]/.test(key) ? key : key ? `f${key}` : '';
}

/** A collection id from a display name: `Blog posts` → `BlogPosts`. */
export function collectionIdFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
    .slice(0, 256);
}

/** Select options without repeated values (Mantine refuses duplicates; a draft may repeat a key while edited). */
export function uniqueOptions<T extends { value: string }>(options: readonly T[]): T[] {
  const seen = new Set<string>();
  return options.filter((option) => !seen.has(option.value) && Boolean(seen.add(option.value)));
}
