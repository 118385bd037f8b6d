import { escapeHtml, mailDocument } from '../../platform/mail/mail-html.ts';
import type { OutgoingMail } from '../../platform/mail/mail.service.ts';
import { money } from '../../platform/money/money.ts';
import { format } from '../../platform/money/format.ts';
import type { Site } from '@atrium/contract/sites';
import type { OrderRow } from './ecom.tables.ts';

/** The mails a buyer gets about an order, in the site's currency and locale (never a secret in them). */

type MailSite = Pick<Site, 'name' | 'currency' | 'locale'>;

function amount(site: MailSite, value: string) {
  return format(money(value, site.currency), site.locale);
}

function itemsText(site: MailSite, order: OrderRow) {
  return order.lineItems
    .map((line) => {
      const options = Object.entries(line.options)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ');
      return `  ${line.quantity} × ${line.productName}${options ? ` (${options})` : ''}  ${amount(site, line.total)}`;
    })
    .join('\n');
}

function layout(title: string, parts: string[]): string {
  return mailDocument(title, parts.join(''));
}

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

function rows(cells: Array<[string, string]>): string {
  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`;
  return `<table style="border-collapse:collapse;margin:0 0 16px;width:100%">${cells.map(row).join('')}</table>`;
}

function itemsHtml(site: MailSite, order: OrderRow) {
  return rows(
    order.lineItems.map((line) => {
      const options = Object.entries(line.options)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ');
      return [
        `${line.quantity} × ${line.productName}${options ? ` (${options})` : ''}`,
        amount(site, line.total),
      ];
    }),
  );
}

function totalsHtml(site: MailSite, order: OrderRow) {
  const summary = order.doc.priceSummary;
  return rows([
    ['Subtotal', amount(site, summary.subtotal)],
    ...(Number(summary.discount) > 0
      ? [['Discount', `-${amount(site, summary.discount)}`] as [string, string]]
      : []),
    ['Shipping', amount(site, summary.shipping)],
    ['Tax', amount(site, summary.tax)],
    ['Total', amount(site, summary.total)],
  ]);
}

function totalsText(site: MailSite, order: OrderRow) {
  const summary = order.doc.priceSummary;
  return [
    `  Subtotal  ${amount(site, summary.subtotal)}`,
    ...(Number(summary.discount) > 0 ? [`  Discount  -${amount(site, summary.discount)}`] : []),
    `  Shipping  ${amount(site, summary.shipping)}`,
    `  Tax       ${amount(site, summary.tax)}`,
    `  Total     ${amount(site, summary.total)}`,
  ].join('\n');
}

export function orderPlacedMail(site: MailSite, order: OrderRow): OutgoingMail | undefined {
  if (!order.buyerEmail) return undefined;
  const paid = order.paymentStatus === 'PAID';
  return {
    siteId: order.siteId,
    to: order.buyerEmail,
    kind: 'ecom.order-placed',
    subject: `Your order #${order.number} at ${site.name}`,
    text: [
      `Thank you for your order at ${site.name}.`,
      '',
      `Order #${order.number}`,
      itemsText(site, order),
      '',
      totalsText(site, order),
      '',
      paid ? 'Payment received.' : 'Payment: to be paid.',
    ].join('\n'),
    html: layout(`Order #${order.number}`, [
      paragraph(`Thank you for your order at ${site.name}.`),
      itemsHtml(site, order),
      totalsHtml(site, order),
      paragraph(paid ? 'Payment received.' : 'Payment: to be paid.'),
    ]),
  };
}

export function orderCanceledMail(
  site: MailSite,
  order: OrderRow,
  customMessage?: string,
): OutgoingMail | undefined {
  if (!order.buyerEmail) return undefined;
  return {
    siteId: order.siteId,
    to: order.buyerEmail,
    kind: 'ecom.order-canceled',
    subject: `Your order #${order.number} at ${site.name} was canceled`,
    text: [
      `Your order #${order.number} at ${site.name} was canceled.`,
      ...(customMessage ? ['', customMessage] : []),
      '',
      itemsText(site, order),
    ].join('\n'),
    html: layout(`Order #${order.number} was canceled`, [
      paragraph(`Your order #${order.number} at ${site.name} was canceled.`),
      ...(customMessage ? [paragraph(customMessage)] : []),
      itemsHtml(site, order),
    ]),
  };
}

export function orderRefundedMail(
  site: MailSite,
  order: OrderRow,
  refunded: string,
  reason?: string,
): OutgoingMail | undefined {
  if (!order.buyerEmail) return undefined;
  return {
    siteId: order.siteId,
    to: order.buyerEmail,
    kind: 'ecom.order-refunded',
    subject: `A refund of ${amount(site, refunded)} for your order #${order.number} at ${site.name}`,
    text: [
      `We refunded ${amount(site, refunded)} of your order #${order.number} at ${site.name}.`,
      ...(reason ? ['', `Reason: ${reason}`] : []),
      '',
      `Refunded so far: ${amount(site, order.refunded)} of ${amount(site, order.paid)} paid.`,
    ].join('\n'),
    html: layout(`A refund for order #${order.number}`, [
      paragraph(`We refunded ${amount(site, refunded)} of your order #${order.number} at ${site.name}.`),
      ...(reason ? [paragraph(`Reason: ${reason}`)] : []),
      paragraph(`Refunded so far: ${amount(site, order.refunded)} of ${amount(site, order.paid)} paid.`),
    ]),
  };
}
