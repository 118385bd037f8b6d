import { pickStrings } from '../../../i18n/pick-strings.ts';

/** API keys. */
export const en = {
  apiKeys: {
    title: 'API keys',
    description: 'Keys let your servers and scripts call the API as the business.',
    new: 'New API key',
    empty: 'No API keys',
    emptyBody: 'Create a key for each server or script that calls the API.',
    name: 'Name',
    namePlaceholder: 'e.g. Website sync',
    prefix: 'Key',
    scopes: 'Scopes',
    scopesHint: 'Separated by commas; * allows everything an owner may do.',
    scopesExample: 'Examples: bookings.manage, identity.settings',
    created: 'Created',
    lastUsed: 'Last used',
    never: 'Never',
    create: 'Create key',
    createdTitle: 'Your new API key',
    shownOnce: 'Copy the key now: it is shown only this once.',
    revoke: 'Revoke',
    revokeConfirm: (name: string) => `Revoke “${name}”? Calls with it fail at once.`,
    revoked: 'Key revoked.',
    revokedBadge: 'Revoked',
  },
} as const;

export const t = pickStrings({ en });
