import { pickStrings } from '../../../i18n/pick-strings.ts';

/** Service categories. */
export const en = {
  categories: {
    title: 'Categories',
    description: 'Group your services on the site. Customers see the categories in this order.',
    new: 'New category',
    empty: 'No categories yet',
    emptyBody: 'Categories such as “Massage” or “Yoga classes” help customers find the right service.',
    name: 'Name',
    namePlaceholder: 'e.g. Massage',
    createHint: 'New categories go to the end of the list; move them afterwards.',
    renameHint: 'Services in this category keep it under its new name.',
    create: 'Create category',
    created: 'Category created.',
    renamed: 'Category renamed.',
    deleted: 'Category deleted.',
    createTitle: 'New category',
    renameTitle: 'Rename category',
    position: 'Order',
    services: 'Services',
    serviceCount: (count: number) =>
      count === 0 ? 'No services' : count === 1 ? '1 service' : `${count} services`,
    moveUp: 'Move up',
    moveDown: 'Move down',
    moveUpOf: (name: string) => `Move ${name} up`,
    moveDownOf: (name: string) => `Move ${name} down`,
    actions: (name: string) => `Actions for ${name}`,
    rename: 'Rename',
    moveFirst: 'Move to the top',
    moveLast: 'Move to the bottom',
    placeAfter: 'Place after',
    placeAfterPlaceholder: 'Choose a category',
    move: 'Move',
    moveTitle: (name: string) => `Move “${name}”`,
    delete: 'Delete',
    deleteTitle: 'Delete category',
    deleteBody: (name: string, services: number) =>
      services > 0
        ? `Delete “${name}”? Its ${services === 1 ? 'service stays' : `${services} services stay`} on the site without a category.`
        : `Delete “${name}”?`,
  },
} as const;

export const t = pickStrings({ en });
