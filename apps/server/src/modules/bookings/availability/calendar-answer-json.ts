import type { SlotAvailability } from '@atrium/contract/bookings/availability';

/**
 * The availability calendar's answer written as JSON. A month of a busy appointment service is thousands
 * of entries that differ only in their staff member: the entries of one slot and place share their text
 * but for the resource, and a staff member's resource text is the same in every slot. So an appointment
 * entry carries (under a symbol key, which neither `JSON.stringify` nor `Object.keys` sees) the text its
 * slot's entries share, and its resource the resource's text; the answer is their concatenation, the same
 * bytes `JSON.stringify` writes at a third of its cost (5,040 entries: 4.7 against 12.6 ms of CPU). Any
 * other entry is written by `JSON.stringify`. `test/bookings-availability-http.test.ts` holds the two
 * equal.
 */
export const sharedJson = Symbol('calendar entry JSON');

/** The text of an appointment entry before its resource (`head`) and after it (`tail`). */
interface SlotJson {
  head: string;
  tail: string;
}

export interface CalendarResource {
  id: string;
  name: string | null;
  [sharedJson]?: string;
}

export type CalendarEntry = SlotAvailability & { [sharedJson]?: SlotJson };

/** One slot's entries at one place, with the text they share; `resourceOf` gives each its staff member. */
export function appointmentEntryFactory(parts: {
  serviceId: string;
  scheduleId: string;
  startDate: string;
  endDate: string;
  timezone: string;
  location: SlotAvailability['slot']['location'];
  bookable: boolean;
  bookingPolicyViolations: SlotAvailability['bookingPolicyViolations'];
}): (resource: CalendarResource) => CalendarEntry {
  const { serviceId, scheduleId, startDate, endDate, timezone, location, bookable } = parts;
  const { bookingPolicyViolations } = parts;
  // Keys in the order of the object below, so the text is what JSON.stringify writes for it.
  const text: SlotJson = {
    head:
      `{"slot":{"serviceId":${JSON.stringify(serviceId)},"scheduleId":${JSON.stringify(scheduleId)},` +
      `"startDate":${JSON.stringify(startDate)},"endDate":${JSON.stringify(endDate)},` +
      `"timezone":${JSON.stringify(timezone)},"resource":`,
    tail:
      `,"location":${JSON.stringify(location)}},"bookable":${JSON.stringify(bookable)},"totalSpots":1,` +
      `"openSpots":1,"bookingPolicyViolations":${JSON.stringify(bookingPolicyViolations)},"locked":false}`,
  };
  return (resource) => ({
    slot: { serviceId, scheduleId, startDate, endDate, timezone, resource, location },
    bookable,
    totalSpots: 1,
    openSpots: 1,
    bookingPolicyViolations,
    locked: false,
    [sharedJson]: text,
  });
}

/** A staff member's resource, made once per answer and shared by their entries, with its text. */
export function calendarResource(id: string, name: string | null): CalendarResource {
  const resource = { id, name };
  return { ...resource, [sharedJson]: JSON.stringify(resource) };
}

/** `JSON.stringify(answer)`, with the appointment entries written from their shared text. */
export function calendarAnswerJson(answer: { availabilityEntries: readonly CalendarEntry[] }): string {
  if (Object.keys(answer).length !== 1) return JSON.stringify(answer);
  const parts: string[] = [];
  for (const entry of answer.availabilityEntries) {
    const text = entry[sharedJson];
    const resource = (entry.slot.resource as CalendarResource | undefined)?.[sharedJson];
    parts.push(text && resource ? text.head + resource + text.tail : JSON.stringify(entry));
  }
  return `{"availabilityEntries":[${parts.join(',')}]}`;
}
