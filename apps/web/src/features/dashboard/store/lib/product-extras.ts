import type { Product, ProductInput } from '@atrium/sdk/modules/stores';
import { htmlOf, plainTextOf } from '../../../../lib/rich-text.ts';

/** A text the buyer writes for the product (an engraving, a name to print), as the editor holds it. */
export interface TextFieldRow {
  key: string;
  title: string;
  /** `''` is an emptied number field. */
  maxLength: number | '';
  mandatory: boolean;
}

/** An info section (care, sizing, shipping) as the editor holds it: its title and text paragraphs. */
export interface InfoSectionRow {
  key: string;
  title: string;
  text: string;
  /** The section's stored HTML; sent back as it is while its text is unchanged. */
  html: string;
}

/** The length a new text field allows. */
export const defaultTextFieldLength = 200;

let nextKey = 0;
/** A key for a row of a list the owner adds to and removes from (React's, never sent). */
export function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function textFieldRowsOf(product: Pick<Product, 'customTextFields'>): TextFieldRow[] {
  return product.customTextFields.map((field) => ({
    key: rowKey(),
    title: field.title,
    maxLength: field.maxLength,
    mandatory: field.mandatory,
  }));
}

export function infoSectionRowsOf(product: Pick<Product, 'additionalInfoSections'>): InfoSectionRow[] {
  return product.additionalInfoSections.map((section) => ({
    key: rowKey(),
    title: section.title,
    text: plainTextOf(section.description),
    html: section.description,
  }));
}

/** The v1 `customTextFields` of the rows; an emptied length is sent as NaN, for the contract to refuse. */
export function textFieldsInput(
  rows: readonly TextFieldRow[],
): NonNullable<ProductInput['customTextFields']> {
  return rows.map((row) => ({
    title: row.title.trim(),
    maxLength: row.maxLength === '' ? Number.NaN : row.maxLength,
    mandatory: row.mandatory,
  }));
}

/**
 * The v1 `additionalInfoSections` of the rows. A section whose text the owner left alone keeps its stored
 * HTML (richer markup written through the API, which the server compares as stored to share a section);
 * an edited one becomes paragraphs.
 */
export function infoSectionsInput(
  rows: readonly InfoSectionRow[],
): NonNullable<ProductInput['additionalInfoSections']> {
  return rows.map((row) => ({
    title: row.title.trim(),
    description: row.html && plainTextOf(row.html) === row.text.trim() ? row.html : htmlOf(row.text),
  }));
}

/**
 * Where the editor shows a complaint of the contract about these lists: `customTextFields.0.title` is the
 * form's `textFields.0.title`, `additionalInfoSections.1.description` its `sections.1.text`.
 */
export function extrasErrorPath(path: readonly PropertyKey[]): string | undefined {
  const [list, index, field] = path;
  if (typeof index !== 'number') return undefined;
  if (list === 'customTextFields' && (field === 'title' || field === 'maxLength')) {
    return `textFields.${index}.${field}`;
  }
  if (list === 'additionalInfoSections' && (field === 'title' || field === 'description')) {
    return `sections.${index}.${field === 'title' ? 'title' : 'text'}`;
  }
  return undefined;
}
