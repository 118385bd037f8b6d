/** Every string the web app shows, in one place per language. */
export const en = {
  brand: { poweredBy: 'Powered by Atrium' },
  nav: {
    services: 'Services',
    book: 'Book now',
    account: 'My account',
    signIn: 'Sign in',
    signOut: 'Sign out',
    dashboard: 'Dashboard',
    toggleTheme: 'Toggle light and dark theme',
    openMenu: 'Open navigation',
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
  },
  footer: { rights: 'All rights reserved.' },
} as const;

export type Strings = typeof en;
