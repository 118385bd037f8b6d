import { pickStrings } from '../../../i18n/pick-strings.ts';

/** The team and its invitations. */
export const en = {
  team: {
    title: 'Team',
    description: 'Who can sign in to this dashboard, and what they may do.',
    inviteEmail: 'Invite by email',
    role: 'Role',
    invite: 'Send invitation',
    invited: (email: string) => `Invitation sent to ${email}.`,
    person: 'Person',
    status: 'Status',
    since: 'Member since',
    you: 'You',
    roleOf: (email: string) => `Role of ${email}`,
    remove: (email: string) => `Remove ${email}`,
    removeConfirm: (email: string) => `Remove ${email} from the team? Their sessions end at once.`,
  },
} as const;

export const t = pickStrings({ en });
