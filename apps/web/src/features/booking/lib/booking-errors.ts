import { ApplicationError, AtriumError, InvalidArgumentError } from '@atrium/sdk';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';

export type BookingProblem =
  | { kind: 'slot-taken'; title: string; message: string }
  | { kind: 'details'; title: string; message: string }
  | { kind: 'other'; title: string; message: string };

// Outcomes the picker must recover from: the time is gone, so the free times are fetched again.
const slotCodes: Record<string, string> = {
  SLOT_UNAVAILABLE: t.booking.slotTaken,
  SESSION_FULL: t.booking.sessionFull,
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
    const fields = error.fieldViolations.map((violation) => violation.description).join(' ');
    return { kind: 'details', title: shell.errors.title, message: fields || error.message };
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
