import net from 'node:net';
import tls from 'node:tls';

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
 * A small SMTP client (RFC 5321) for the outbox: smtp:// with STARTTLS when offered, smtps:// with
 * implicit TLS, AUTH PLAIN when the URL has credentials. Kept dependency-free on purpose; one connection
 * per mail is plenty for verification and notification volumes.
 */
export function createSmtpTransport(smtpUrl: string, options: { timeoutMs?: number } = {}): MailTransport {
  const url = new URL(smtpUrl);
  const implicitTls = url.protocol === 'smtps:';
  const host = url.hostname;
  const port = Number(url.port || (implicitTls ? 465 : 587));
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const timeoutMs = options.timeoutMs ?? 15_000;

  return {
    async send(message) {
      let socket: net.Socket = implicitTls
        ? tls.connect({ host, port, servername: host })
        : net.connect({ host, port });
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error('SMTP timeout')));
      let reader = lineReader(socket);
      try {
        await expect(reader, 220);
        let features = await ehlo(socket, reader);
        if (!implicitTls && features.some((line) => /STARTTLS/i.test(line))) {
          write(socket, 'STARTTLS');
          await expect(reader, 220);
          socket = tls.connect({ socket, servername: host });
          reader = lineReader(socket);
          features = await ehlo(socket, reader);
        }
        if (user) {
          write(socket, `AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}`);
          await expect(reader, 235);
        }
        write(socket, `MAIL FROM:<${addressOf(message.from)}>`);
        await expect(reader, 250);
        write(socket, `RCPT TO:<${addressOf(message.to)}>`);
        await expect(reader, 250, 251);
        write(socket, 'DATA');
        await expect(reader, 354);
        socket.write(`${formatMessage(message).replace(/^\./gm, '..')}\r\n.\r\n`);
        await expect(reader, 250);
        write(socket, 'QUIT');
      } finally {
        socket.end();
      }
    },
  };
}

function addressOf(value: string): string {
  const match = /<([^>]+)>/.exec(value);
  const address = (match ? match[1]! : value).trim();
  if (/[\r\n<>]/.test(address)) throw new Error('Invalid mail address');
  return address;
}

function header(value: string): string {
  // Header injection guard: a subject or address must stay on one line.
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean).toString('base64')}?=`;
}

function formatMessage(message: MailMessage): string {
  const boundary = () => `atrium-${Math.random().toString(36).slice(2)}`;
  const head = [
    `From: ${header(message.from)}`,
    `To: ${header(message.to)}`,
    `Subject: ${header(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  const body = bodyPart(message, boundary());
  const attachments = message.attachments ?? [];
  if (attachments.length === 0) return [...head, ...body].join('\r\n');
  const mixed = boundary();
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    ...body,
    ...attachments.flatMap((attachment) => {
      const filename = parameter(attachment.filename);
      return [
        `--${mixed}`,
        `Content-Type: ${mediaType(attachment.contentType)}; charset=utf-8; name="${filename}"`,
        'Content-Transfer-Encoding: base64',
        `Content-Disposition: attachment; filename="${filename}"`,
        '',
        base64(attachment.content),
      ];
    }),
    `--${mixed}--`,
  ].join('\r\n');
}

const base64 = (text: string) => Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\r\n');

/** The text (and HTML) of a message as MIME header lines, a blank line and the encoded content. */
function bodyPart(message: MailMessage, boundary: string): string[] {
  if (!message.html) {
    return [
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64(message.text),
    ];
  }
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(message.html),
    `--${boundary}--`,
  ];
}

/** A header parameter value (file name): one line, no quotes or backslashes. */
function parameter(value: string): string {
  return value.replace(/[\r\n"\\]+/g, '_').replace(/[^\x20-\x7e]/g, '_');
}

function mediaType(value: string): string {
  return /^[\w.+-]+\/[\w.+-]+$/.test(value) ? value : 'application/octet-stream';
}

function write(socket: net.Socket, line: string): void {
  socket.write(`${line}\r\n`);
}

async function ehlo(socket: net.Socket, reader: LineReader): Promise<string[]> {
  write(socket, 'EHLO atrium');
  return expect(reader, 250);
}

interface LineReader {
  next(): Promise<string>;
}

function lineReader(socket: net.Socket): LineReader {
  let buffer = '';
  const lines: string[] = [];
  const waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  let failure: Error | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let index: number;
    while ((index = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      const waiter = waiting.shift();
      if (waiter) waiter.resolve(line);
      else lines.push(line);
    }
  });
  const fail = (error: Error) => {
    failure = error;
    for (const waiter of waiting.splice(0)) waiter.reject(error);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('SMTP connection closed')));
  return {
    next() {
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
  };
}

/** Reads one (possibly multi-line) reply and checks its code. */
async function expect(reader: LineReader, ...codes: number[]): Promise<string[]> {
  const replyLines: string[] = [];
  for (;;) {
    const line = await reader.next();
    replyLines.push(line.slice(4));
    if (line[3] !== '-') {
      const code = Number(line.slice(0, 3));
      if (!codes.includes(code)) throw new Error(`SMTP answered ${line.slice(0, 200)}`);
      return replyLines;
    }
  }
}
