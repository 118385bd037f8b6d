import { describe, expect, it } from 'vitest';
import { bookingStatuses, type BookingStatus } from '@atrium/contract/bookings/lifecycle';
import {
  bookingActions,
  confirmOrDeclineOutcome,
  holdsSlot,
  illegalTransitionCode,
  initialStatus,
  transition,
  withinCustomerWindow,
  type BookingAction,
} from './booking-state.ts';

// The whole table, written out: every (status, action) pair and where it leads, '-' for illegal.
const expected: Record<BookingStatus, Record<BookingAction, BookingStatus | '-'>> = {
  CREATED: {
    confirm: 'CONFIRMED',
    decline: 'DECLINED',
    cancel: 'CANCELED',
    markAsPending: 'PENDING',
    promote: '-',
    reschedule: 'CREATED',
    updateParticipants: 'CREATED',
  },
  PENDING: {
    confirm: 'CONFIRMED',
    decline: 'DECLINED',
    cancel: 'CANCELED',
    markAsPending: '-',
    promote: '-',
    reschedule: 'PENDING',
    updateParticipants: 'PENDING',
  },
  CONFIRMED: {
    confirm: '-',
    decline: '-',
    cancel: 'CANCELED',
    markAsPending: '-',
    promote: '-',
    reschedule: 'CONFIRMED',
    updateParticipants: 'CONFIRMED',
  },
  WAITING_LIST: {
    confirm: 'CONFIRMED',
    decline: 'DECLINED',
    cancel: 'CANCELED',
    markAsPending: '-',
    promote: 'CONFIRMED',
    reschedule: '-',
    updateParticipants: 'WAITING_LIST',
  },
  CANCELED: {
    confirm: '-',
    decline: '-',
    cancel: '-',
    markAsPending: '-',
    promote: '-',
    reschedule: '-',
    updateParticipants: '-',
  },
  DECLINED: {
    confirm: '-',
    decline: '-',
    cancel: '-',
    markAsPending: '-',
    promote: '-',
    reschedule: '-',
    updateParticipants: '-',
  },
};

describe('transition', () => {
  for (const from of bookingStatuses) {
    for (const action of bookingActions) {
      const to = expected[from][action];
      it(`${action} from ${from} ${to === '-' ? 'is illegal' : `leads to ${to}`}`, () => {
        const result = transition(from, action);
        if (to === '-') expect(result).toEqual({ ok: false, code: illegalTransitionCode(action, from) });
        else expect(result).toEqual({ ok: true, to });
      });
    }
  }

  it('names the action and the status in the code of an illegal transition', () => {
    expect(illegalTransitionCode('confirm', 'CANCELED')).toBe('BOOKING_CANNOT_CONFIRM_CANCELED');
    expect(illegalTransitionCode('markAsPending', 'CONFIRMED')).toBe(
      'BOOKING_CANNOT_MARK_AS_PENDING_CONFIRMED',
    );
  });
});

describe('holdsSlot', () => {
  it.each([
    ['CREATED', true],
    ['PENDING', true],
    ['CONFIRMED', true],
    ['WAITING_LIST', false],
    ['CANCELED', false],
    ['DECLINED', false],
  ] as const)('%s holds the slot: %s', (status, holds) => {
    expect(holdsSlot(status)).toBe(holds);
  });
});

describe('initialStatus', () => {
  it.each([
    [
      { waitlisted: true, awaitingPayment: true, requiresApproval: true, skipBusinessConfirmation: false },
      'WAITING_LIST',
    ],
    [
      { waitlisted: false, awaitingPayment: true, requiresApproval: false, skipBusinessConfirmation: false },
      'CREATED',
    ],
    [
      { waitlisted: false, awaitingPayment: false, requiresApproval: true, skipBusinessConfirmation: false },
      'PENDING',
    ],
    [
      { waitlisted: false, awaitingPayment: false, requiresApproval: true, skipBusinessConfirmation: true },
      'CONFIRMED',
    ],
    [
      { waitlisted: false, awaitingPayment: false, requiresApproval: false, skipBusinessConfirmation: false },
      'CONFIRMED',
    ],
  ] as const)('%o starts as %s', (input, status) => {
    expect(initialStatus(input)).toBe(status);
  });
});

describe('confirmOrDeclineOutcome', () => {
  it.each([
    [{ slotStillFree: false, requiresApproval: false }, 'decline'],
    [{ slotStillFree: false, requiresApproval: true }, 'decline'],
    [{ slotStillFree: true, requiresApproval: true }, 'markAsPending'],
    [{ slotStillFree: true, requiresApproval: false }, 'confirm'],
  ] as const)('%o gives %s', (input, outcome) => {
    expect(confirmOrDeclineOutcome(input)).toBe(outcome);
  });
});

describe('withinCustomerWindow', () => {
  const start = Date.parse('2026-12-01T10:00:00Z');
  const hour = 3_600_000;
  it.each([
    ['disabled policy', { enabled: false, latestMinutes: null }, start - 48 * hour, false],
    ['no limit, before start', { enabled: true, latestMinutes: null }, start - 1000, true],
    ['no limit, after start', { enabled: true, latestMinutes: null }, start + 1000, false],
    ['24 h limit, 25 h before', { enabled: true, latestMinutes: 1440 }, start - 25 * hour, true],
    ['24 h limit, exactly 24 h before', { enabled: true, latestMinutes: 1440 }, start - 24 * hour, true],
    ['24 h limit, 23 h before', { enabled: true, latestMinutes: 1440 }, start - 23 * hour, false],
  ] as const)('%s', (_name, window, now, allowed) => {
    expect(withinCustomerWindow(window, start, now)).toBe(allowed);
  });
});
