/** The app shell's English strings; each feature keeps its own next to its code (features/<feature>/strings.ts). */
export const en = {
  brand: { poweredBy: 'Powered by Atrium' },
  nav: {
    services: 'Services',
    shop: 'Shop',
    book: 'Book now',
    account: 'My account',
    signIn: 'Sign in',
    signOut: 'Sign out',
    dashboard: 'Dashboard',
    toggleTheme: 'Toggle light and dark theme',
    openMenu: 'Open navigation',
    menu: 'Menu',
    home: 'Home',
    theme: 'Theme',
  },
  home: {
    eyebrow: 'Welcome',
    title: 'Book your next visit in a few clicks',
    subtitle: 'Choose a service, pick a time that suits you and get a confirmation straight away.',
    browse: 'Browse services',
  },
  errors: {
    title: 'Something went wrong',
    retry: 'Try again',
    notFoundTitle: 'Page not found',
    notFoundBody: 'The page you are looking for does not exist or has moved.',
    backHome: 'Back to the home page',
    areaCrashed: 'We could not complete your booking. Please try again.',
  },
  footer: { rights: 'All rights reserved.' },
  notifications: { close: 'Dismiss notification' },
  dialogs: { close: 'Close' },
  /** Words about a service that the services pages and the booking flow both show. */
  common: {
    serviceTypes: { APPOINTMENT: 'Appointment', CLASS: 'Class', COURSE: 'Course' },
    minutes: (minutes: number) =>
      minutes >= 60
        ? `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`
        : `${minutes} min`,
    locations: { BUSINESS: 'At the studio', CUSTOM: 'At a custom address', CUSTOMER: 'At your place' },
    free: 'Free',
    from: (price: string) => `From ${price}`,
    priceOnRequest: 'Price on request',
  },
} as const;
