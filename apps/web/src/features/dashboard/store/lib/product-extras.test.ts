import { describe, expect, it } from 'vitest';
import { productInputSchema } from '@atrium/contract/stores/products-v1';
import {
  extrasErrorPath,
  infoSectionRowsOf,
  infoSectionsInput,
  textFieldRowsOf,
  textFieldsInput,
} from './product-extras.ts';

describe('custom text fields', () => {
  it('round-trips the product’s fields, trimming titles', () => {
    const rows = textFieldRowsOf({
      customTextFields: [{ title: 'Name to print', maxLength: 20, mandatory: true }],
    });
    expect(rows).toEqual([
      { key: expect.any(String), title: 'Name to print', maxLength: 20, mandatory: true },
    ]);
    expect(textFieldsInput([{ ...rows[0]!, title: '  Initials ', mandatory: false }])).toEqual([
      { title: 'Initials', maxLength: 20, mandatory: false },
    ]);
  });

  it('sends an emptied length so the contract refuses it, at the field’s place', () => {
    const input = textFieldsInput([{ key: 'a', title: 'Engraving', maxLength: '', mandatory: false }]);
    const result = productInputSchema.safeParse({ customTextFields: input });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => extrasErrorPath(issue.path))).toEqual([
      'textFields.0.maxLength',
    ]);
  });
});

describe('info sections', () => {
  const stored = '<p>Wash <b>cold</b>.</p><p>Dry flat.</p>';

  it('keeps a section’s stored HTML while its text is unchanged', () => {
    const [row] = infoSectionRowsOf({ additionalInfoSections: [{ title: 'Care', description: stored }] });
    expect(row).toMatchObject({ title: 'Care', text: 'Wash cold.\n\nDry flat.', html: stored });
    expect(infoSectionsInput([{ ...row!, title: 'Care ' }])).toEqual([
      { title: 'Care', description: stored },
    ]);
  });

  it('writes an edited or new section as paragraphs, escaping markup', () => {
    const [row] = infoSectionRowsOf({ additionalInfoSections: [{ title: 'Care', description: stored }] });
    expect(
      infoSectionsInput([
        { ...row!, text: 'Wash cold.\n\nDry <flat>.' },
        { key: 'n', title: 'Sizing', text: 'True to size.', html: '' },
      ]),
    ).toEqual([
      { title: 'Care', description: '<p>Wash cold.</p><p>Dry &lt;flat&gt;.</p>' },
      { title: 'Sizing', description: '<p>True to size.</p>' },
    ]);
  });

  it('places a too-long title at the section’s title field', () => {
    const input = infoSectionsInput([{ key: 'n', title: 'x'.repeat(51), text: 'Text', html: '' }]);
    const result = productInputSchema.safeParse({ additionalInfoSections: input });
    expect(result.error!.issues.map((issue) => extrasErrorPath(issue.path))).toEqual(['sections.0.title']);
    expect(extrasErrorPath(['name'])).toBeUndefined();
  });
});
