import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as parts of a multipart/mixed message after the body. */
  attachments?: ReadonlyArray<{ filename: string; contentType: string; content: string }>;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP through nodemailer: `smtp://` (STARTTLS when the server offers it), `smtps://` (implicit TLS),
 * credentials in the URL. One connection per mail is plenty for notification volumes (and leaves no
 * socket open when the app closes); a stuck server fails the attempt after `timeoutMs`, and the outbox
 * retries it.
 */
export function createSmtpTransport(smtpUrl: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        attachments: (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
      });
    },
  };
}
