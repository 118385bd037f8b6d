import { pickStrings } from '../../i18n/pick-strings.ts';

/** The services list and a service’s page. */
export const en = {
  services: {
    title: 'Services',
    subtitle: 'Pick what you would like to book. Prices include everything; no payment is taken online.',
    search: 'Search services',
    searchPlaceholder: 'Yoga, massage, course…',
    allCategories: 'All',
    categories: 'Categories',
    empty: 'No services match your search.',
    clearSearch: 'Clear search',
    book: 'Book',
    details: 'Details',
    about: 'About this service',
    noDescription: 'The studio will tell you everything you need to know when you arrive.',
    staff: 'Who you will see',
    location: 'Location',
    duration: 'Duration',
    price: 'Price',
    capacity: (spots: number) => `Up to ${spots} people`,
    bookThis: 'Book this service',
    addToVisit: 'Add to my visit',
    inVisit: 'In your visit',
    backToServices: 'All services',
    notFound: 'This service does not exist or is no longer offered.',
    loadFailed: 'We could not load the services. Check your connection and try again.',
  },
  visit: {
    bar: (count: number) => (count === 1 ? '1 service in your visit' : `${count} services in your visit`),
    open: 'Book the visit',
  },
} as const;

export const t = pickStrings({ en });
