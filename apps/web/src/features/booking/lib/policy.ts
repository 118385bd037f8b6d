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

/** How the customer pays: at the studio when the service allows it, else online. */
export function paymentOptionOf(service: SiteService): 'OFFLINE' | 'ONLINE' | undefined {
  if (service.payment?.rateType === 'NO_FEE') return undefined;
  const options = service.payment?.options;
  if (options?.inPerson !== false) return 'OFFLINE';
  return options?.online ? 'ONLINE' : undefined;
}
