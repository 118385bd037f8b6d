import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createMailService } from './mail.service.ts';
import { mailRoutes } from './mail.routes.ts';
import { createSmtpTransport } from './smtp-transport.ts';

/** The outbox; with SMTP_URL a transport, otherwise mail is kept for reading (tests, local development). */
export function createMailModule(deps: { database: Database; config: Config }) {
  const transport = deps.config.SMTP_URL ? createSmtpTransport(deps.config.SMTP_URL) : undefined;
  const service = createMailService({ database: deps.database, transport, from: deps.config.MAIL_FROM });
  return {
    service,
    routes: async (app: FastifyInstance) =>
      app.register(mailRoutes, { mail: service, revealSecrets: deps.config.ALLOW_DEV_CALLER_HEADER }),
  };
}
