import { pickStrings } from '../../../i18n/pick-strings.ts';

/** The mail log. */
export const en = {
  mail: {
    title: 'Mail',
    description: 'Every mail the site sent or tried to send: to whom, what, and why one failed.',
    to: 'Recipient',
    subject: 'Subject',
    kind: 'Kind',
    status: 'Status',
    sent: 'Sent',
    created: 'Written',
    tries: 'Tries',
    why: 'Why it failed',
    view: 'View',
    resend: 'Send again',
    resent: 'The mail will be sent again.',
    filterTo: 'Recipient address',
    filterStatus: 'Status',
    anyStatus: 'Any status',
    empty: 'No mail yet.',
    emptyFiltered: 'No mail matches.',
    kept: 'No mail server is set up (SMTP_URL), so mail is kept here instead of sent.',
    statuses: { PENDING: 'Waiting', SENT: 'Sent', FAILED: 'Failed', KEPT: 'Kept' } as Record<string, string>,
    attachments: 'Attachments',
    textVersion: 'Text version',
    htmlVersion: 'As the recipient sees it',
  },
} as const;

export const t = pickStrings({ en });
