import { pickStrings } from '../../../i18n/pick-strings.ts';

/** The dashboard home page. */
export const en = {
  home: {
    greeting: 'Welcome back',
    greetingName: (name: string) => `Welcome back, ${name}`,
    description: 'What is happening today, and what waits for you.',
    todayCount: 'Bookings today',
    pendingCount: 'Waiting for approval',
    monthCount: 'Bookings in the last 30 days',
    today: 'Today',
    noneToday: 'Nothing is booked for today.',
    pending: 'Pending approvals',
    nonePending: 'No bookings wait for approval.',
    approve: 'Approve',
    decline: 'Decline',
    chart: 'Bookings per day, last 30 days',
    chartSeries: 'Bookings',
  },
} as const;

export const t = pickStrings({ en });
