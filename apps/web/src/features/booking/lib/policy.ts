import type { SiteService } from '../../../lib/site-services.ts';
import { t } from '../strings.ts';
import { hoursLabel } from './time.ts';

/** The cancellation and reschedule rules of a service in plain words. */
export function policyLines(service: SiteService, guest: boolean): string[] {
  const policy = service.bookingPolicy;
  const lines: string[] = [];
  if (policy?.customPolicyDescription?.enabled && policy.customPolicyDescription.description) {
    lines.push(policy.customPolicyDescription.description);
  }
  const cancellation = policy?.cancellationPolicy;
  if (cancellation && cancellation.enabled === false) lines.push(t.booking.policyNoCancel);
  else if (cancellation?.limitLatestCancellation && cancellation.latestCancellationInMinutes)
    lines.push(t.booking.policyUntil(hoursLabel(cancellation.latestCancellationInMinutes)));
  else lines.push(t.booking.policyFree);
  if (guest && !cancellation?.allowAnonymous) lines.push(t.booking.guestPolicy);
  return lines;
}

export type PaymentChoice = 'ONLINE' | 'OFFLINE';

/**
 * How a customer may pay for the service: online (the booking waits for its payment at the checkout) and
 * at the studio, as the service's payment options allow; none for a free service. Online payment needs a
 * price the checkout can charge (a fixed or varied price), unless it is the only way the service offers.
 */
export function paymentChoicesOf(service: Pick<SiteService, 'payment'>): PaymentChoice[] {
  const payment = service.payment;
  if (payment?.rateType === 'NO_FEE') return [];
  const online = payment?.options?.online === true || payment?.options?.deposit === true;
  const priced = payment?.rateType === 'FIXED' || payment?.rateType === 'VARIED';
  const choices: PaymentChoice[] = [];
  if (online && priced) choices.push('ONLINE');
  if (payment?.options?.inPerson !== false) choices.push('OFFLINE');
  if (choices.length === 0 && online) choices.push('ONLINE');
  return choices;
}

/** The choice the review step starts with: at the studio when the service allows it, else online. */
export function defaultPaymentChoice(service: Pick<SiteService, 'payment'>): PaymentChoice | undefined {
  const choices = paymentChoicesOf(service);
  return choices.includes('OFFLINE') ? 'OFFLINE' : choices[0];
}
