import { availabilityErrorCodes } from '@atrium/contract/bookings/availability';
import { badRequest } from '../../../platform/errors/app-error.ts';

/**
 * Most entries one availability-calendar answer carries. That call has no paging in the contract (time
 * slots and multislot page with a cursor instead), so a wider answer is a 400 that says how to narrow it,
 * not a truncated list a client would take as complete. 10,000 entries are about 3 MB of JSON: 90 days of
 * a 30-minute grid for seven staff members working eight hours a day.
 */
export const maxCalendarEntries = 10_000;

export function checkCalendarSize(entries: number): void {
  if (entries <= maxCalendarEntries) return;
  throw badRequest(
    availabilityErrorCodes.tooManySlots,
    `The answer would hold ${entries} slots, more than ${maxCalendarEntries}: ask for a shorter range, fewer services or staff members, or set slotsPerDay`,
    { max: maxCalendarEntries },
  );
}

/** Ids the caller listed, each once and in first-seen order: repeating an id must not repeat the work. */
export function distinctIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
