import type { Site } from '@atrium/contract/sites';
import type { OutgoingMail } from '../../platform/mail/mail.service.ts';
import {
  mailBrandOf,
  renderMail,
  type MailContent,
  type MailDetail,
} from '../../platform/mail/mail-template.ts';
import { format } from '../../platform/money/format.ts';
import { money } from '../../platform/money/money.ts';
import type { OrderRow } from './ecom.tables.ts';

/** The mails a buyer gets about an order, in the site's currency and locale (never a secret in them). */

type MailSite = Parameters<typeof mailBrandOf>[0] & Pick<Site, 'currency'>;

function amount(site: MailSite, value: string) {
  return format(money(value, site.currency), site.locale);
}

function linesTable(site: MailSite, order: OrderRow): MailContent['table'] {
  return {
    columns: ['Item', 'Total'],
    rows: order.lineItems.map((line) => {
      const options = Object.entries(line.options)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ');
      return [
        `${line.quantity} × ${line.productName}${options ? ` (${options})` : ''}`,
        amount(site, line.total),
      ];
    }),
  };
}

function totals(site: MailSite, order: OrderRow): MailDetail[] {
  const summary = order.doc.priceSummary;
  return [
    { label: 'Subtotal', value: amount(site, summary.subtotal) },
    ...(Number(summary.discount) > 0
      ? [{ label: 'Discount', value: `-${amount(site, summary.discount)}` }]
      : []),
    { label: 'Shipping', value: amount(site, summary.shipping) },
    { label: 'Tax', value: amount(site, summary.tax) },
    { label: 'Total', value: amount(site, summary.total) },
  ];
}

function orderMail(site: MailSite, order: OrderRow, content: MailContent): OutgoingMail | undefined {
  if (!order.buyerEmail) return undefined;
  return { siteId: order.siteId, to: order.buyerEmail, ...renderMail(mailBrandOf(site), content) };
}

export function orderPlacedMail(site: MailSite, order: OrderRow): OutgoingMail | undefined {
  const paid = order.paymentStatus === 'PAID';
  return orderMail(site, order, {
    kind: 'ecom.order-placed',
    subject: `Your order #${order.number} at ${site.name}`,
    heading: `Thank you for your order`,
    paragraphs: [`We received your order #${order.number} at ${site.name}.`],
    table: linesTable(site, order),
    details: [...totals(site, order), { label: 'Payment', value: paid ? 'Received' : 'To be paid' }],
  });
}

export function orderCanceledMail(
  site: MailSite,
  order: OrderRow,
  customMessage?: string,
): OutgoingMail | undefined {
  return orderMail(site, order, {
    kind: 'ecom.order-canceled',
    subject: `Your order #${order.number} at ${site.name} was canceled`,
    heading: `Order #${order.number} was canceled`,
    paragraphs: [`Your order #${order.number} at ${site.name} was canceled.`],
    ...(customMessage ? { note: { from: site.name, text: customMessage } } : {}),
    table: linesTable(site, order),
  });
}

export function orderRefundedMail(
  site: MailSite,
  order: OrderRow,
  refunded: string,
  reason?: string,
): OutgoingMail | undefined {
  return orderMail(site, order, {
    kind: 'ecom.order-refunded',
    subject: `A refund of ${amount(site, refunded)} for your order #${order.number} at ${site.name}`,
    heading: `A refund for order #${order.number}`,
    paragraphs: [`We refunded ${amount(site, refunded)} of your order #${order.number} at ${site.name}.`],
    details: [
      ...(reason ? [{ label: 'Reason', value: reason }] : []),
      {
        label: 'Refunded so far',
        value: `${amount(site, order.refunded)} of ${amount(site, order.paid)} paid`,
      },
    ],
  });
}
