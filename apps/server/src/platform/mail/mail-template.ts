import { defaultAccentColor, textColorOn } from '@atrium/contract/sites';
import type { MailAttachment } from './mail.tables.ts';
import { escapeHtml } from './mail-html.ts';

/**
 * The one template every mail of the platform goes through: a module says what a mail says (heading,
 * paragraphs, details, one action), the template gives it the site's name, logo and colour and writes
 * both parts, HTML for mail clients and plain text for the rest. Dates are written in the recipient's
 * language and time zone. Nothing a module passes is trusted as markup: every value is escaped here.
 */

/** Who sends, and for whom it is written. */
export interface MailBrand {
  siteName: string;
  /** BCP 47 language tag of the recipient (the site's locale unless the recipient chose one). */
  locale: string;
  /** IANA time zone the recipient reads dates in. */
  timeZone: string;
  /** `#rrggbb`; the header bar and the action button. */
  accentColor?: string | null;
  /** An https image shown instead of the site's name in the header. */
  logoUrl?: string | null;
  /** The site's address, linked from the footer. */
  siteUrl?: string | null;
}

export interface MailDetail {
  label: string;
  value: string;
}

export interface MailContent {
  kind: string;
  subject: string;
  heading: string;
  /** First line, e.g. "Hello Ada,". */
  greeting?: string;
  paragraphs?: readonly string[];
  /** A one-time code, shown large. */
  code?: string;
  /** Label and value lines (when, where, with whom, order number). */
  details?: readonly MailDetail[];
  /** A short note from a person (the business's message to a customer), shown quoted. */
  note?: { from: string; text: string };
  /** The one thing the recipient can do. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (validity, "if it was not you"). */
  closing?: readonly string[];
  /** Tables the HTML part shows as rows (order lines); the text part lists them. */
  table?: { columns: readonly string[]; rows: ReadonlyArray<readonly string[]> };
  secrets?: readonly string[];
  attachments?: readonly MailAttachment[];
}

export interface RenderedMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
  secrets?: string[];
  attachments?: MailAttachment[];
}

export { defaultAccentColor };

/** The brand of a site's mails, read in the site's language and zone unless the recipient has their own. */
export function mailBrandOf(
  site: {
    name: string;
    locale: string;
    timezone: string;
    branding?: { accentColor?: string | null; logoUrl?: string | null } | null;
  },
  reader: { locale?: string | null; timeZone?: string | null; siteUrl?: string | null } = {},
): MailBrand {
  return {
    siteName: site.name,
    locale: reader.locale || site.locale,
    timeZone: reader.timeZone || site.timezone,
    accentColor: site.branding?.accentColor ?? null,
    logoUrl: site.branding?.logoUrl ?? null,
    siteUrl: reader.siteUrl ?? null,
  };
}
const colorPattern = /^#[0-9a-f]{6}$/i;

function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const dateTime: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const shapes = {
  dateTime: { ...dateTime, timeZoneName: 'short' },
  dateTimeUnzoned: dateTime,
  time: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Reader = Pick<MailBrand, 'locale' | 'timeZone'>;

/** A date and time as the recipient reads it: their language, their zone, the zone named. */
export function formatMailDateTime(date: Date, reader: Reader): string {
  return formatter(reader, 'dateTime').format(date);
}

/** "Thursday 3 December 2026, 18:30 – 19:45 GMT": the end's day is written only when it differs. */
export function formatMailPeriod(start: Date, end: Date, reader: Reader): string {
  const day = formatter(reader, 'day');
  return day.format(start) === day.format(end)
    ? `${formatter(reader, 'dateTimeUnzoned').format(start)} – ${formatter(reader, 'time').format(end)}`
    : `${formatter(reader, 'dateTimeUnzoned').format(start)} – ${formatMailDateTime(end, reader)}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(reader: Reader, shape: keyof typeof shapes): Intl.DateTimeFormat {
  const key = `${reader.locale}|${reader.timeZone}|${shape}`;
  let found = formatters.get(key);
  if (!found) {
    found = createFormat(reader.locale, { ...shapes[shape], timeZone: reader.timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** A formatter, falling back to English and then UTC when the locale or zone is not one Intl knows. */
function createFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  for (const [tag, zone] of [
    [locale, options.timeZone],
    ['en', options.timeZone],
    ['en', 'UTC'],
  ] as const) {
    try {
      return new Intl.DateTimeFormat(tag, { ...options, timeZone: zone });
    } catch {
      // try the next fallback
    }
  }
  return new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
}

const paragraphStyle = 'margin:0 0 16px;font-size:15px;line-height:1.55';

function htmlPart(brand: MailBrand, content: MailContent): string {
  const accent =
    brand.accentColor && colorPattern.test(brand.accentColor) ? brand.accentColor : defaultAccentColor;
  const onAccent = textColorOn(accent);
  const logo = safeUrl(brand.logoUrl);
  const siteUrl = safeUrl(brand.siteUrl);
  const siteName = escapeHtml(brand.siteName);
  const header = logo
    ? `<img src="${escapeHtml(logo)}" alt="${siteName}" height="40" style="display:block;height:40px;max-width:240px;border:0">`
    : `<span style="font-size:18px;font-weight:700;color:${onAccent}">${siteName}</span>`;
  const paragraphs = (items: readonly string[] | undefined) =>
    (items ?? []).map((text) => `<p style="${paragraphStyle}">${escapeHtml(text)}</p>`).join('');
  const parts: string[] = [];
  if (content.greeting) parts.push(`<p style="${paragraphStyle}">${escapeHtml(content.greeting)}</p>`);
  parts.push(paragraphs(content.paragraphs));
  if (content.code) {
    parts.push(
      `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(content.code)}</p>`,
    );
  }
  if (content.details?.length) {
    const rows = content.details
      .map(
        (detail) =>
          `<tr><td style="padding:6px 16px 6px 0;color:#4b5563;font-size:14px;vertical-align:top;white-space:nowrap">${escapeHtml(detail.label)}</td><td style="padding:6px 0;font-size:14px;color:#111827">${escapeHtml(detail.value)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse">${rows}</table>`,
    );
  }
  if (content.table?.rows.length) {
    const head = content.table.columns
      .map(
        (column, index) =>
          `<th style="text-align:${index === 0 ? 'left' : 'right'};padding:6px 8px;border-bottom:1px solid #e5e7eb;font-size:13px;color:#4b5563">${escapeHtml(column)}</th>`,
      )
      .join('');
    const body = content.table.rows
      .map(
        (row) =>
          `<tr>${row
            .map(
              (cell, index) =>
                `<td style="text-align:${index === 0 ? 'left' : 'right'};padding:6px 8px;border-bottom:1px solid #f3f4f6;font-size:14px">${escapeHtml(cell)}</td>`,
            )
            .join('')}</tr>`,
      )
      .join('');
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin:0 0 20px;border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`,
    );
  }
  if (content.note) {
    parts.push(
      `<blockquote style="margin:0 0 20px;padding:12px 16px;border-left:4px solid ${accent};background:#f9fafb;font-size:14px;line-height:1.5"><strong>${escapeHtml(content.note.from)}:</strong><br>${escapeHtml(content.note.text).replace(/\n/g, '<br>')}</blockquote>`,
    );
  }
  const actionUrl = content.action ? safeUrl(content.action.url) : undefined;
  if (content.action && actionUrl) {
    parts.push(
      `<p style="margin:8px 0 24px"><a href="${escapeHtml(actionUrl)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${accent};color:${onAccent};font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`,
    );
  }
  parts.push(paragraphs(content.closing));
  const footer = siteUrl
    ? `<a href="${escapeHtml(siteUrl)}" style="color:#4b5563">${siteName}</a>`
    : siteName;
  return (
    `<!doctype html><html lang="${escapeHtml(brand.locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px"><tr><td align="center">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">` +
    `<tr><td style="background:${accent};padding:16px 24px">${header}</td></tr>` +
    `<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:20px;font-weight:600;color:#111827">${escapeHtml(content.heading)}</h1>${parts.join('')}</td></tr>` +
    `</table>` +
    `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">Sent by ${footer}</p>` +
    `</td></tr></table></body></html>`
  );
}

function textPart(brand: MailBrand, content: MailContent): string {
  const blocks: string[] = [content.heading];
  if (content.greeting) blocks.push(content.greeting);
  blocks.push(...(content.paragraphs ?? []));
  if (content.code) blocks.push(content.code);
  if (content.details?.length)
    blocks.push(content.details.map((detail) => `${detail.label}: ${detail.value}`).join('\n'));
  if (content.table?.rows.length) {
    blocks.push(content.table.rows.map((row) => row.join('  ')).join('\n'));
  }
  if (content.note) blocks.push(`${content.note.from}:\n${content.note.text}`);
  if (content.action) blocks.push(`${content.action.label}: ${content.action.url}`);
  blocks.push(...(content.closing ?? []));
  blocks.push(`-- \n${brand.siteName}${brand.siteUrl ? `\n${brand.siteUrl}` : ''}`);
  return blocks.filter((block) => block !== '').join('\n\n');
}

/** Both parts of a mail, with what the outbox needs beside them. */
export function renderMail(brand: MailBrand, content: MailContent): RenderedMail {
  return {
    kind: content.kind,
    subject: content.subject,
    text: textPart(brand, content),
    html: htmlPart(brand, content),
    ...(content.secrets?.length ? { secrets: [...content.secrets] } : {}),
    ...(content.attachments?.length ? { attachments: [...content.attachments] } : {}),
  };
}
