import { pickStrings } from '../../../i18n/pick-strings.ts';

/** Booking policies. */
export const en = {
  policies: {
    title: 'Booking policies',
    description: 'When customers may book, cancel and reschedule.',
    new: 'New policy',
    edit: 'Edit policy',
    empty: 'No policies yet',
    unnamed: 'Unnamed policy',
    default: 'Default',
    makeDefault: 'Make default',
    saved: 'Policy saved.',
    name: 'Name',
    text: 'Policy text shown to customers',
    earliest: 'Limit how far ahead customers can book',
    earliestDays: 'Up to this many days ahead',
    latest: 'Limit how late customers can book',
    latestHours: 'At least this many hours before',
    cancellation: 'Customers may cancel online',
    cancelHours: 'Up to this many hours before (0: any time)',
    reschedule: 'Customers may reschedule online',
    rescheduleHours: 'Up to this many hours before (0: any time)',
    waitlist: 'Waitlist for full sessions',
    waitlistCapacity: 'Waitlist places',
    maxParticipants: 'Most participants per booking',
    cancelSummary: (hours: number) => (hours > 0 ? `Cancel up to ${hours} h before` : 'Cancel any time'),
    noCancel: 'No online cancellation',
    waitlistSummary: (places: number) => `Waitlist of ${places}`,
    noWaitlist: 'No waitlist',
    participantsSummary: (count: number) => `Up to ${count} per booking`,
  },
} as const;

export const t = pickStrings({ en });
