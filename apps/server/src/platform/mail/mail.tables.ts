import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a mail; `content` is text (calendar files and the like), sent base64-encoded. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * The mail outbox: every mail is written here in the transaction of the change that caused it. With SMTP
 * configured a delivery run sends PENDING rows; without it they are KEPT, readable by owners and tests.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** One-time secrets in the mail (codes, tokens, links): for the recipient only, masked in the outbox API. */
    secrets: jsonb('secrets').$type<string[]>(),
    /** What the mail is for (`identity.email-verification`, ...), so tools can filter. */
    kind: text('kind').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED', 'KEPT'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentDate: timestamp('sent_date', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('mail_outbox_site_created').on(table.siteId, table.createdDate),
    index('mail_outbox_status').on(table.status),
  ],
);
export type MailRow = typeof mailOutbox.$inferSelect;
