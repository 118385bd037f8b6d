import { pickStrings } from '../../../i18n/pick-strings.ts';

/** The bookings list. */
export const en = {
  bookingsList: {
    title: 'Bookings',
    description: 'Filter, sort, approve in bulk and export.',
    when: 'When',
    upcoming: 'Upcoming',
    past: 'Past',
    all: 'All',
    any: 'Any',
    status: 'Status',
    service: 'Service',
    staff: 'Staff',
    email: 'Customer email',
    start: 'Starts',
    customer: 'Customer',
    payment: 'Payment',
    created: 'Booked on',
    export: 'Export CSV',
    exporting: (done: number, total: number) => `Exporting ${done} of ${total}…`,
    selectAll: 'Select all on this page',
    selectOne: 'Select booking',
    selected: (count: number) => (count === 1 ? '1 booking selected' : `${count} bookings selected`),
    bulkConfirm: 'Confirm selected',
    bulkDecline: 'Decline selected',
    bulkDone: (done: number, total: number) =>
      done === total
        ? `${done} bookings updated.`
        : `${done} of ${total} bookings updated; the rest were refused.`,
    total: (count: number) => (count === 1 ? '1 booking' : `${count} bookings`),
    empty: 'No bookings match',
    emptyBody: 'Change the filters, or wait for customers to book.',
  },
} as const;

export const t = pickStrings({ en });
