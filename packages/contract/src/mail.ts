import { z } from 'zod';

/**
 * The site's mail log (`/mail/v1/outbox`, owner or an API key with `mail.read`; resending needs
 * `mail.send`). Without an SMTP server mails are KEPT there to be read; with one they wait as PENDING,
 * then are SENT, or FAILED after eight tries (`lastError` says why). Codes, tokens and links with tokens
 * are shown as `[hidden]`.
 */
export const mailStatusSchema = z.enum(['PENDING', 'SENT', 'FAILED', 'KEPT']);
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const mailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
});

/** @example {"id":"…","to":"ada@example.com","subject":"Your booking is confirmed - Lotus Yoga","text":"…","html":"<!doctype html>…","kind":"bookings.confirmation","attachments":[],"status":"SENT","attempts":1,"createdDate":"2026-11-28T10:00:00.000Z","sentDate":"2026-11-28T10:00:04.000Z"} */
export const mailMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** What the mail is for: `bookings.confirmation`, `identity.password-recovery`, … */
  kind: z.string(),
  attachments: z.array(mailAttachmentSchema),
  status: mailStatusSchema,
  /** Tries so far. */
  attempts: z.number().int(),
  /** Why the last try failed, as the mail server answered. */
  lastError: z.string().optional(),
  createdDate: z.string(),
  sentDate: z.string().optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const listMailQuerySchema = z.object({
  to: z.string().max(254).optional(),
  kind: z.string().max(100).optional(),
  status: mailStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListMailQuery = z.input<typeof listMailQuerySchema>;

export const listMailResponseSchema = z.object({ messages: z.array(mailMessageSchema) });
export const mailMessageResponseSchema = z.object({ message: mailMessageSchema });

export const mailErrorCodes = { stillPending: 'MAIL_STILL_PENDING' } as const;
