import type { z } from 'zod';
import type {
  ListMailQuery,
  listMailResponseSchema,
  MailMessage,
  mailMessageResponseSchema,
} from '@atrium/contract/mail';
import { defineModule } from '../client.ts';
import type { WithDates } from '../dates.ts';

export type { MailMessage };

/**
 * The site's mail log: what was sent, what failed and why, and sending a mail again (owner, or an API key
 * with `mail.read` / `mail.send`).
 * @example
 * const failed = await client.mail.listMail({ status: 'FAILED' });
 * await client.mail.resendMail(failed[0].id);
 */
export const mail = defineModule({
  /** `GET /mail/v1/outbox`: newest first. */
  listMail:
    (context) =>
    async (query: ListMailQuery = {}): Promise<WithDates<MailMessage>[]> =>
      (
        await context.request<z.infer<typeof listMailResponseSchema>>({
          method: 'GET',
          path: '/mail/v1/outbox',
          query,
        })
      ).messages,

  /** Sends a mail again to the same recipient, as a new mail (409 `MAIL_STILL_PENDING` while it waits). */
  resendMail:
    (context) =>
    async (id: string): Promise<WithDates<MailMessage>> =>
      (
        await context.request<z.infer<typeof mailMessageResponseSchema>>({
          method: 'POST',
          path: `/mail/v1/outbox/${encodeURIComponent(id)}/resend`,
          body: {},
        })
      ).message,
});
