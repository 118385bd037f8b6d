import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listMailQuerySchema,
  listMailResponseSchema,
  mailErrorCodes,
  mailMessageResponseSchema,
} from '@atrium/contract/mail';
import { errorResponses } from '../http/openapi.ts';
import { isUuid } from '../db/ids.ts';
import { conflict, notFound } from '../errors/app-error.ts';
import type { MailService } from './mail.service.ts';

/**
 * The outbox as owners see it: what was sent, or kept when no SMTP server is configured. Codes, tokens and
 * links with tokens are masked (an admin must not become owner by reading an invitation); a test
 * deployment (ALLOW_DEV_CALLER_HEADER) shows them, so browser tests can follow the links.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService; revealSecrets: boolean }> = async (
  app,
  { mail, revealSecrets },
) => {
  app.get(
    '/mail/v1/outbox',
    {
      config: {
        access: { identities: ['WIX_USER', 'APP'], roles: ['OWNER'], scopes: ['mail.read'] },
      },
      schema: {
        summary: "The site's outgoing mail, newest first",
        tags: ['mail'],
        querystring: listMailQuerySchema,
        response: { 200: listMailResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      messages: await mail.list(request.ctx.site.id, request.query, { reveal: revealSecrets }),
    }),
  );

  app.post(
    '/mail/v1/outbox/:mailId/resend',
    {
      config: {
        access: { identities: ['WIX_USER', 'APP'], roles: ['OWNER'], scopes: ['mail.send'] },
      },
      schema: {
        summary: 'Send a mail of the outbox again, to the same recipient, as a new mail',
        tags: ['mail'],
        params: z.object({ mailId: z.string().max(100) }),
        response: { 200: mailMessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { mailId } = request.params;
      const resent = isUuid(mailId)
        ? await mail.resend(request.ctx.site.id, mailId, { reveal: revealSecrets })
        : undefined;
      if (!resent) throw notFound('Mail', mailId);
      if (resent === 'STILL_PENDING') {
        throw conflict(mailErrorCodes.stillPending, `Mail ${mailId} is still waiting to be sent`);
      }
      return { message: resent };
    },
  );
};
