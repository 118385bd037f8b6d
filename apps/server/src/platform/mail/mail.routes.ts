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

/** The outbox as owners see it: what was sent, or kept when no SMTP server is configured. */
export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    '/mail/v1/outbox',
    {
      config: {
        access: { identities: ['WIX_USER', 'APP'], roles: ['OWNER', 'ADMIN'], scopes: ['mail.read'] },
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
    async (request) => ({ messages: await mail.list(request.ctx.site.id, request.query) }),
  );
};
