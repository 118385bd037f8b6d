/**
 * The clients of the contract call paths under their own gateway prefixes; each maps to Atrium's path
 * here, once, at the edge (platform.md, "Compatibility"). Longest prefixes first, so `/_api/bookings-service/v2`
 * never matches as a shorter entry.
 */
export const compatPrefixes: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/_api/bookings-service/v2', '/bookings/v2'],
  ['/_api/bookings-reader/v2', '/bookings/v2'],
  ['/_api/bookings/v2', '/bookings/v2'],
  ['/_api/service-availability/v2', '/bookings/v2'],
  // Attendance, fees and pricing as the official clients call them, onto Atrium's own routes: setting
  // attendance is `POST .../attendance` (and its bulk form) there, so those two are whole paths.
  ['/bookings/bookings-attendance/set', '/bookings/v2/attendance'],
  ['/bookings/bookings-attendance', '/bookings/v2/attendance'],
  ['/bookings/v2/bulk/attendance/set', '/bookings/v2/bulk/attendance'],
  ['/_api/booking-fees/v1', '/bookings/v1'],
  ['/addons/v1/add-ons', '/bookings/v1/add-ons'],
  ['/bookings/multiServiceBookings/v2', '/bookings/v2'],
  ['/bookings/staff/v2/staff-members', '/bookings/v1/staff-members'],
  ['/addons/v1/bulk/add-ons', '/bookings/v1/bulk/add-ons'],
  ['/bookings/v2/pricing/v2/pricing', '/bookings/v2/pricing'],
  ['/availability-calendar/v1', '/bookings/v1'],
  // The official availability client sends multislot and schedule calls to its host with no gateway prefix.
  ['/v1/availability', '/bookings/v1/availability'],
  ['/v2/availability', '/bookings/v2/availability'],
  // Guest self-service by token, likewise at the host's root.
  ['/v1/anonymous-bookings', '/bookings/v1/anonymous-bookings'],
  ['/v1/anonymous-multi-service-bookings', '/bookings/v1/anonymous-multi-service-bookings'],
  ['/_api/iam/authentication/v2', '/identity/v2'],
  ['/_api/iam/authentication/v1', '/identity/v1'],
  ['/_api/redirects-api/v1', '/identity/v1'],
  ['/events-ticket-definitions/v3', '/events/v3'],
  ['/stores-reader/v1', '/stores/v1'],
  ['/stores-reader/v2', '/stores/v2'],
  ['/v1/abandonedCarts', '/stores/v1/abandonedCarts'],
  ['/v1/bulk/payments-collector', '/ecom/v1/bulk/payments-collector'],
  ['/wix-data/v2', '/data/v2'],
  ['/wix-data/v1', '/data/v1'],
  // The official tasks client (`@wix/data` tasks) and the data-movement client.
  ['/cms/v1/tasks', '/data/v1/tasks'],
  ['/data-mover/v1', '/data/v1/data-mover'],
  ['/members/v1', '/identity/v1'],
  ['/v2/collections', '/stores/v2/collections'],
];

const ordered = [...compatPrefixes].sort((a, b) => b[0].length - a[0].length);

/** Rewrites a request URL (path and query) from a compatibility prefix to Atrium's path; others pass unchanged. */
export function rewriteCompatUrl(url: string): string {
  for (const [from, to] of ordered) {
    if (url === from || url.startsWith(`${from}/`) || url.startsWith(`${from}?`))
      return to + url.slice(from.length);
  }
  return url;
}
