import type { FieldViolation } from '@atrium/contract/errors';

export interface FormField {
  name: string;
  label?: string | null;
  type: string;
  required: boolean;
  maxLength?: number | null;
}

/**
 * The form of a service without a form of its own: first name and email are required, as the
 * contract's clients ask for them on every booking.
 */
export const defaultFormFields: readonly FormField[] = [
  { name: 'first_name', label: 'First name', type: 'SHORT_TEXT', required: true, maxLength: 200 },
  { name: 'last_name', label: 'Last name', type: 'SHORT_TEXT', required: false, maxLength: 200 },
  { name: 'email', label: 'Email', type: 'SHORT_TEXT', required: true, maxLength: 254 },
  { name: 'phone', label: 'Phone', type: 'SHORT_TEXT', required: false, maxLength: 50 },
];

/** The id the contract's clients give the default booking form. */
export const defaultFormId = '00000000-0000-0000-0000-000000000000';

const contactAliases: Record<string, string> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
};

const maxLengthByType: Record<string, number> = { SHORT_TEXT: 500, LONG_TEXT: 10_000 };

/**
 * Checks a form submission against the form's fields; contact fields may come from contactDetails
 * instead. Returns the violations and the submission as stored (known fields only).
 */
export function validateFormSubmission(
  fields: readonly FormField[],
  submission: Record<string, unknown> | null | undefined,
  contactDetails: Record<string, unknown> | null | undefined,
): { violations: FieldViolation[]; values: Record<string, unknown> } {
  const violations: FieldViolation[] = [];
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const alias = contactAliases[field.name];
    const given = submission?.[field.name] ?? (alias ? contactDetails?.[alias] : undefined);
    const path = `formSubmission.${field.name}`;
    if (field.type === 'CHECK_BOX') {
      if (given === undefined || given === null) {
        if (field.required)
          violations.push({ field: path, description: 'must be checked', violatedRule: 'REQUIRED_FIELD' });
        continue;
      }
      if (typeof given !== 'boolean') {
        violations.push({ field: path, description: 'must be true or false', violatedRule: 'VALIDATION' });
        continue;
      }
      if (field.required && !given) {
        violations.push({ field: path, description: 'must be checked', violatedRule: 'REQUIRED_FIELD' });
        continue;
      }
      values[field.name] = given;
      continue;
    }
    if (given === undefined || given === null || (typeof given === 'string' && given.trim() === '')) {
      if (field.required)
        violations.push({ field: path, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
      continue;
    }
    if (typeof given !== 'string') {
      violations.push({ field: path, description: 'must be text', violatedRule: 'VALIDATION' });
      continue;
    }
    const max = field.maxLength ?? maxLengthByType[field.type] ?? 500;
    if (given.length > max) {
      violations.push({
        field: path,
        description: `must be at most ${max} characters`,
        violatedRule: 'MAX_LENGTH',
      });
      continue;
    }
    if (field.type === 'SHORT_TEXT' && /[\r\n]/.test(given)) {
      violations.push({ field: path, description: 'must be a single line', violatedRule: 'FORMAT' });
      continue;
    }
    values[field.name] = given;
  }
  return { violations: violations.sort((a, b) => a.field.localeCompare(b.field)), values };
}
