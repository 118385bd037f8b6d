import { ApplicationError, AtriumError, InvalidArgumentError } from '@atrium/sdk';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';

export type BookingProblem =
  | { kind: 'slot-taken'; title: string; message: string }
  | { kind: 'details'; title: string; message: string; fields?: Record<string, string> }
  | { kind: 'other'; title: string; message: string };

const contactKeys: Record<string, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  first_name: 'firstName',
  last_name: 'lastName',
};

/**
 * The server's field violations on the inputs they are about: `booking.contactDetails.email` on the email
 * input, `formSubmission.allergies` on that question (`form.allergies`).
 */
export function fieldErrorsOf(
  violations: ReadonlyArray<{ field: string; description: string }>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const violation of violations) {
    const last = violation.field.split('.').at(-1) ?? '';
    const key = violation.field.includes('formSubmission.')
      ? (contactKeys[last] ?? `form.${last}`)
      : violation.field.includes('contactDetails.')
        ? contactKeys[last]
        : undefined;
    if (key && !fields[key]) fields[key] = violation.description;
  }
  return fields;
}

// Outcomes the picker must recover from: the time is gone, so the free times are fetched again.
const slotCodes: Record<string, string> = {
  SLOT_NOT_AVAILABLE: t.booking.slotTaken,
  SESSION_CAPACITY_EXCEEDED: t.booking.sessionFull,
  WAITLIST_FULL: t.booking.waitlistFull,
  BOOKING_POLICY_VIOLATION: t.booking.policyViolation,
  SLOT_IN_THE_PAST: t.booking.policyViolation,
  MULTI_SERVICE_SLOTS_MISMATCH: t.booking.slotTaken,
};

/** What to tell the visitor about a failed booking, never a blank error. */
export function explainBookingError(error: unknown): BookingProblem {
  if (error instanceof ApplicationError && error.code in slotCodes) {
    return { kind: 'slot-taken', title: t.booking.slotTakenTitle, message: slotCodes[error.code]! };
  }
  if (error instanceof InvalidArgumentError) {
    const fields = fieldErrorsOf(error.fieldViolations);
    const text = error.fieldViolations.map((violation) => violation.description).join(' ');
    return {
      kind: 'details',
      title: shell.errors.title,
      message: Object.keys(fields).length > 0 ? t.booking.fixFields : text || error.message,
      fields,
    };
  }
  if (error instanceof ApplicationError && error.code === 'FORM_SUBMISSION_INVALID') {
    return { kind: 'details', title: shell.errors.title, message: error.description ?? error.message };
  }
  if (error instanceof ApplicationError && error.status === 409) {
    return { kind: 'slot-taken', title: t.booking.slotTakenTitle, message: t.booking.slotTaken };
  }
  const message = error instanceof AtriumError && error.status && error.status < 500 ? error.message : '';
  return { kind: 'other', title: shell.errors.title, message: message || t.booking.genericError };
}
