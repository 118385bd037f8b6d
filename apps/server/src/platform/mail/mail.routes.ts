import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/openapi.ts';
import type { MailService } from './mail.service.ts';

const mailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  kind: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
  status: z.enum(['PENDING', 'SENT', 'FAILED', 'KEPT']),
  createdDate: z.string(),
  sentDate: z.string().optional(),
});

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
        querystring: z.object({
          to: z.string().max(254).optional(),
          kind: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: z.object({ messages: z.array(mailSchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      messages: await mail.list(request.ctx.site.id, request.query, { reveal: revealSecrets }),
    }),
  );
};
