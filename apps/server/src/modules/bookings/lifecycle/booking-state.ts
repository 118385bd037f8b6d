import type { BookingStatus } from '@atrium/contract/bookings/lifecycle';

/**
 * The booking state machine (the spec leaves it open; README.md writes it down). Pure: no I/O.
 *
 *   create        -> CREATED (awaiting payment), PENDING (owner approval), CONFIRMED, WAITING_LIST
 *   confirm       CREATED | PENDING | WAITING_LIST -> CONFIRMED
 *   decline       CREATED | PENDING | WAITING_LIST -> DECLINED
 *   cancel        CREATED | PENDING | CONFIRMED | WAITING_LIST -> CANCELED
 *   markAsPending CREATED -> PENDING
 *   promote       WAITING_LIST -> CONFIRMED (a spot opened; first in, first served)
 *   reschedule    CREATED | PENDING | CONFIRMED -> same status, new slot
 *   updateParticipants CREATED | PENDING | CONFIRMED | WAITING_LIST -> same status
 * CANCELED and DECLINED are final.
 */
export type BookingAction =
  'confirm' | 'decline' | 'cancel' | 'markAsPending' | 'promote' | 'reschedule' | 'updateParticipants';

export const bookingActions: readonly BookingAction[] = [
  'confirm',
  'decline',
  'cancel',
  'markAsPending',
  'promote',
  'reschedule',
  'updateParticipants',
];

const transitions: Record<BookingAction, Partial<Record<BookingStatus, BookingStatus>>> = {
  confirm: { CREATED: 'CONFIRMED', PENDING: 'CONFIRMED', WAITING_LIST: 'CONFIRMED' },
  decline: { CREATED: 'DECLINED', PENDING: 'DECLINED', WAITING_LIST: 'DECLINED' },
  cancel: { CREATED: 'CANCELED', PENDING: 'CANCELED', CONFIRMED: 'CANCELED', WAITING_LIST: 'CANCELED' },
  markAsPending: { CREATED: 'PENDING' },
  promote: { WAITING_LIST: 'CONFIRMED' },
  reschedule: { CREATED: 'CREATED', PENDING: 'PENDING', CONFIRMED: 'CONFIRMED' },
  updateParticipants: {
    CREATED: 'CREATED',
    PENDING: 'PENDING',
    CONFIRMED: 'CONFIRMED',
    WAITING_LIST: 'WAITING_LIST',
  },
};

export type TransitionResult = { ok: true; to: BookingStatus } | { ok: false; code: string };

const actionCodeNames: Record<BookingAction, string> = {
  confirm: 'CONFIRM',
  decline: 'DECLINE',
  cancel: 'CANCEL',
  markAsPending: 'MARK_AS_PENDING',
  promote: 'PROMOTE',
  reschedule: 'RESCHEDULE',
  updateParticipants: 'UPDATE_PARTICIPANTS',
};

/** The code of an illegal transition, e.g. `BOOKING_CANNOT_CONFIRM_CANCELED`. */
export function illegalTransitionCode(action: BookingAction, from: BookingStatus): string {
  return `BOOKING_CANNOT_${actionCodeNames[action]}_${from}`;
}

export function transition(from: BookingStatus, action: BookingAction): TransitionResult {
  const to = transitions[action][from];
  return to ? { ok: true, to } : { ok: false, code: illegalTransitionCode(action, from) };
}

export function canTransition(from: BookingStatus, action: BookingAction): boolean {
  return transitions[action][from] !== undefined;
}

/** Statuses in which a booking holds its slot (staff time, resources, class spots). */
export const slotHoldingStatuses = [
  'CREATED',
  'PENDING',
  'CONFIRMED',
] as const satisfies readonly BookingStatus[];

export function holdsSlot(status: BookingStatus): boolean {
  return (slotHoldingStatuses as readonly BookingStatus[]).includes(status);
}

/**
 * The status a new booking starts in. A waitlisted booking stays WAITING_LIST; an online payment that
 * has not been made keeps it CREATED until confirmOrDecline; otherwise the service's approval setting
 * decides, unless a business caller skips the business confirmation.
 */
export function initialStatus(input: {
  waitlisted: boolean;
  awaitingPayment: boolean;
  requiresApproval: boolean;
  skipBusinessConfirmation: boolean;
}): BookingStatus {
  if (input.waitlisted) return 'WAITING_LIST';
  if (input.awaitingPayment) return 'CREATED';
  if (input.requiresApproval && !input.skipBusinessConfirmation) return 'PENDING';
  return 'CONFIRMED';
}

/** What confirmOrDecline does: a paid (or exempt) booking whose slot is still free is confirmed. */
export function confirmOrDeclineOutcome(input: {
  slotStillFree: boolean;
  requiresApproval: boolean;
}): 'confirm' | 'decline' | 'markAsPending' {
  if (!input.slotStillFree) return 'decline';
  return input.requiresApproval ? 'markAsPending' : 'confirm';
}

export interface PolicyWindow {
  /** Whether customers may do it at all. */
  enabled: boolean;
  /** Minutes before the start after which customers may no longer do it; null: until the start. */
  latestMinutes: number | null;
}

/**
 * Whether a customer may cancel or reschedule now. The business always may (the caller checks the
 * actor); a customer only while the policy allows it and before its window closes (never after the start).
 */
export function withinCustomerWindow(window: PolicyWindow, start: number, now: number): boolean {
  if (!window.enabled) return false;
  const latestMs = (window.latestMinutes ?? 0) * 60_000;
  return start - now >= latestMs && start > now;
}
