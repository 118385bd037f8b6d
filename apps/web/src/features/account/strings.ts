import { pickStrings } from '../../i18n/pick-strings.ts';

/** The member’s account area: its sections and the ones still to come. */
export const en = {
  account: {
    nav: {
      label: 'Account sections',
      ACCOUNT_INFO: 'Account',
      BOOKINGS: 'Bookings',
      ORDERS: 'Orders',
      SUBSCRIPTIONS: 'Subscriptions',
      EVENTS: 'Events',
    },
    placeholders: {
      SUBSCRIPTIONS: {
        title: 'Subscriptions',
        body: 'Memberships and class passes you buy will appear here once the studio offers them.',
      },
      EVENTS: {
        title: 'Events',
        body: 'Tickets and RSVPs for the studio’s events will appear here once events are published.',
      },
      comingSoon: 'Coming soon',
    },
  },
} as const;

export const t = pickStrings({ en });
