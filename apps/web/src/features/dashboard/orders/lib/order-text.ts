import type { AddressContact, Order, OrderActivity } from '@atrium/sdk/modules/ecom';
import { t } from '../strings.ts';
import { formatAmount } from './refund-amounts.ts';

/** The buyer's name from the billing contact (or the shipping one), empty when neither has one. */
export function customerName(order: Pick<Order, 'billingInfo' | 'shippingInfo'>): string {
  const contact =
    order.billingInfo?.contactDetails ?? order.shippingInfo?.logistics?.shippingDestination?.contactDetails;
  return [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
}

/** An address as the lines of a label: street, apartment, postal code with city and region, country. */
export function addressLines(info: AddressContact | undefined): string[] {
  const address = info?.address;
  if (!address) return [];
  return [
    address.addressLine ?? '',
    address.addressLine2 ?? '',
    [address.postalCode, address.city, address.subdivision].filter(Boolean).join(' '),
    address.country ?? '',
  ].filter((line) => line.trim() !== '');
}

/**
 * An activity of the timeline in words: its kind, and what it carries that a person reads (a comment, a
 * refund's amount in the order's currency and its reason).
 */
export function describeActivity(
  activity: OrderActivity,
  currency: string,
): { title: string; detail?: string } {
  const title = t.activities[activity.type] ?? humanize(activity.type);
  if (activity.merchantComment?.message) return { title, detail: activity.merchantComment.message };
  const refunded = activity.orderRefunded as { amount?: unknown; reason?: unknown } | undefined;
  if (refunded) {
    const parts = [
      typeof refunded.amount === 'string' ? formatAmount(refunded.amount, currency) : '',
      typeof refunded.reason === 'string' && refunded.reason ? t.refundReason(refunded.reason) : '',
    ].filter(Boolean);
    return parts.length > 0 ? { title, detail: parts.join(' · ') } : { title };
  }
  return { title };
}

/** `SOME_NEW_TYPE` → `Some new type`, for activity types this screen has no words for yet. */
function humanize(type: string): string {
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
