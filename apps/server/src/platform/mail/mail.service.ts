import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.ts';
import { createStatementCache, rowPlaceholders, rowShape, rowValues } from '../db/prepared.ts';
import { mailOutbox, type MailAttachment, type MailRow } from './mail.tables.ts';
import type { MailTransport } from './smtp-transport.ts';

export type { MailAttachment } from './mail.tables.ts';

export interface OutgoingMail {
  siteId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  attachments?: MailAttachment[];
  /** Values only the recipient may read (codes, tokens, links with tokens): masked when the outbox is read. */
  secrets?: string[];
}

export interface MailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  attachments: MailAttachment[];
  status: MailRow['status'];
  /** Tries so far; a mail gives up (FAILED) after the eighth. */
  attempts: number;
  /** Why the last try failed, as the mail server said it. */
  lastError?: string;
  createdDate: string;
  sentDate?: string;
}

const maxAttempts = 8;
// Per process, not per service: a statement's name must stand for one text on every connection.
const statements = createStatementCache();
const statementNames = new Map<string, string>();

const mask = '[hidden]';

/** Every form a secret takes in a mail (as is, URL-encoded, HTML-escaped), longest first. */
function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(secret.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

function masked(value: string, forms: readonly string[]): string {
  return forms.reduce((text, form) => text.split(form).join(mask), value);
}

/** A row as the outbox API shows it: secrets masked unless `reveal` (test deployments only). */
export function toMailView(row: MailRow, options: { reveal?: boolean } = {}): MailView {
  const forms = options.reveal ? [] : secretForms(row.secrets ?? []);
  return {
    id: row.id,
    to: row.toAddress,
    subject: masked(row.subject, forms),
    text: masked(row.textBody, forms),
    ...(row.htmlBody ? { html: masked(row.htmlBody, forms) } : {}),
    kind: row.kind,
    attachments: row.attachments ?? [],
    status: row.status,
    attempts: row.attempts,
    ...(row.lastError ? { lastError: row.lastError } : {}),
    createdDate: row.createdDate.toISOString(),
    ...(row.sentDate ? { sentDate: row.sentDate.toISOString() } : {}),
  };
}

/**
 * The outbox. `enqueue` joins the caller's transaction, so a rolled-back change sends nothing. With a
 * transport (SMTP_URL) rows wait as PENDING for `deliverPending`, which the job queue runs; without one
 * they are KEPT and can be read through `list`.
 */
export function createMailService(deps: { database: Database; transport?: MailTransport; from: string }) {
  const { database, transport } = deps;
  const status: MailRow['status'] = transport ? 'PENDING' : 'KEPT';
  const rowOf = (mail: OutgoingMail) => ({
    siteId: mail.siteId,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    kind: mail.kind,
    attachments: mail.attachments?.length ? mail.attachments : null,
    secrets: mail.secrets?.length ? mail.secrets : null,
    status,
  });

  /** All the mails of one change in one insert, prepared once per shape (mails go out with every change). */
  async function enqueueMany(mails: readonly OutgoingMail[], executor: Executor): Promise<string[]> {
    if (mails.length === 0) return [];
    const rows = mails.map(rowOf);
    const shape = rows.map(rowShape).join('|');
    let name = statementNames.get(shape);
    if (!name) {
      name = `mail_outbox_insert_${statementNames.size}`;
      statementNames.set(shape, name);
    }
    const values: Record<string, unknown> = {};
    rows.forEach((row, index) => rowValues(row, `m${index}_`, values));
    const inserted = await statements.run(
      name,
      executor,
      (builder, statementName) =>
        builder
          .insert(mailOutbox)
          .values(rows.map((row, index) => rowPlaceholders(row, `m${index}_`)))
          .returning({ id: mailOutbox.id })
          .prepare(statementName),
      values,
    );
    return inserted.map((row) => row.id);
  }

  return {
    hasTransport: Boolean(transport),

    async enqueue(mail: OutgoingMail, executor: Executor = database.db): Promise<string> {
      const [id] = await enqueueMany([mail], executor);
      return id!;
    },

    /**
     * Mails as outbox rows, for a caller that writes them within a statement of its own (the booking
     * insert writes its mails with it): the same rows `enqueueMany` would insert.
     */
    outboxRows(mails: readonly OutgoingMail[]) {
      return { table: mailOutbox, rows: mails.map(rowOf) };
    },

    /** Several mails in one statement (all the mails of one change). */
    enqueueMany(mails: readonly OutgoingMail[], executor: Executor = database.db): Promise<string[]> {
      return enqueueMany(mails, executor);
    },

    async list(
      siteId: string,
      filter: { to?: string; kind?: string; status?: MailRow['status']; limit: number },
      options: { reveal?: boolean } = {},
    ): Promise<MailView[]> {
      const conditions = [eq(mailOutbox.siteId, siteId)];
      if (filter.to) conditions.push(eq(sql`lower(${mailOutbox.toAddress})`, filter.to.toLowerCase()));
      if (filter.kind) conditions.push(eq(mailOutbox.kind, filter.kind));
      if (filter.status) conditions.push(eq(mailOutbox.status, filter.status));
      const rows = await database.db
        .select()
        .from(mailOutbox)
        .where(and(...conditions))
        .orderBy(desc(mailOutbox.createdDate), desc(mailOutbox.id))
        .limit(filter.limit);
      return rows.map((row) => toMailView(row, options));
    },

    /**
     * Sends a mail of the outbox again, to the same recipient with the same content, as a new mail (the
     * old one keeps its history). Undefined when the site has no such mail; a mail still waiting to go
     * out is not doubled.
     */
    async resend(
      siteId: string,
      id: string,
      options: { reveal?: boolean } = {},
    ): Promise<MailView | 'STILL_PENDING' | undefined> {
      const [row] = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.id, id)))
        .limit(1);
      if (!row) return undefined;
      if (row.status === 'PENDING') return 'STILL_PENDING';
      const [copy] = await database.db
        .insert(mailOutbox)
        .values({
          siteId: row.siteId,
          toAddress: row.toAddress,
          subject: row.subject,
          textBody: row.textBody,
          htmlBody: row.htmlBody,
          kind: row.kind,
          attachments: row.attachments,
          secrets: row.secrets,
          status,
        })
        .returning();
      return toMailView(copy!, options);
    },

    /**
     * Sends up to `batch` PENDING mails; safe to run from several processes (each claims its rows with
     * SKIP LOCKED inside a transaction). Returns how many were sent. The lead puts this on the job queue.
     */
    async deliverPending(batch = 20): Promise<number> {
      if (!transport) return 0;
      let sent = 0;
      await database.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'PENDING'), lt(mailOutbox.attempts, maxAttempts)))
          .orderBy(asc(mailOutbox.createdDate))
          .limit(batch)
          .for('update', { skipLocked: true });
        const delivered: string[] = [];
        for (const row of rows) {
          try {
            await transport.send({
              from: deps.from,
              to: row.toAddress,
              subject: row.subject,
              text: row.textBody,
              html: row.htmlBody ?? undefined,
              attachments: row.attachments ?? [],
            });
            delivered.push(row.id);
          } catch (error) {
            const attempts = row.attempts + 1;
            await tx
              .update(mailOutbox)
              .set({
                attempts,
                lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
                status: attempts >= maxAttempts ? 'FAILED' : 'PENDING',
              })
              .where(eq(mailOutbox.id, row.id));
          }
        }
        if (delivered.length > 0) {
          await tx
            .update(mailOutbox)
            .set({ status: 'SENT', sentDate: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
            .where(inArray(mailOutbox.id, delivered));
        }
        sent = delivered.length;
      });
      return sent;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
