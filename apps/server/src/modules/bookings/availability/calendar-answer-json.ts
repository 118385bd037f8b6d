import type { SlotAvailability } from '@atrium/contract/bookings/availability';

/**
 * The availability calendar's answer written as JSON. A month of a busy appointment service is thousands
 * of entries that differ only in their staff member: the entries of one slot and place share their text
 * but for the resource, and a staff member's resource text is the same in every slot. So an appointment
 * entry carries (under a symbol key, which neither `JSON.stringify` nor `Object.keys` sees) the UTF-8 bytes
 * its slot's entries share, and its resource the resource's bytes; the answer is their concatenation into
 * one buffer, the same bytes `JSON.stringify` writes. Writing bytes, not text, skips joining thousands of
 * strings, flattening the result and encoding it again for the compressor (a month of 20 staff, 4,720
 * entries: about 5 ms of a request's CPU on 2 cores). Any other entry is written by `JSON.stringify`.
 * `test/bookings-availability-http.test.ts` holds the two equal.
 */
export const sharedJson = Symbol('calendar entry JSON');

/** The bytes of an appointment entry before its resource (`head`) and after it (`tail`). */
interface SlotJson {
  head: Buffer;
  tail: Buffer;
}

export interface CalendarResource {
  id: string;
  name: string | null;
  [sharedJson]?: Buffer;
}

export type CalendarEntry = SlotAvailability & { [sharedJson]?: SlotJson };

/** One slot's entries at one place, with the bytes they share; `resourceOf` gives each its staff member. */
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
    head: Buffer.from(
      `{"slot":{"serviceId":${JSON.stringify(serviceId)},"scheduleId":${JSON.stringify(scheduleId)},` +
        `"startDate":${JSON.stringify(startDate)},"endDate":${JSON.stringify(endDate)},` +
        `"timezone":${JSON.stringify(timezone)},"resource":`,
    ),
    tail: Buffer.from(
      `,"location":${JSON.stringify(location)}},"bookable":${JSON.stringify(bookable)},"totalSpots":1,` +
        `"openSpots":1,"bookingPolicyViolations":${JSON.stringify(bookingPolicyViolations)},"locked":false}`,
    ),
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

/** A staff member's resource, made once per answer and shared by their entries, with its bytes. */
export function calendarResource(id: string, name: string | null): CalendarResource {
  const resource = { id, name };
  return { ...resource, [sharedJson]: Buffer.from(JSON.stringify(resource)) };
}

const opening = Buffer.from('{"availabilityEntries":[');
const comma = Buffer.from(',');
const closing = Buffer.from(']}');

/** `JSON.stringify(answer)` as UTF-8, with the appointment entries written from their shared bytes. */
export function calendarAnswerJson(answer: {
  availabilityEntries: readonly CalendarEntry[];
}): Buffer | string {
  if (Object.keys(answer).length !== 1) return JSON.stringify(answer);
  const parts: Buffer[] = [opening];
  answer.availabilityEntries.forEach((entry, index) => {
    if (index > 0) parts.push(comma);
    const text = entry[sharedJson];
    const resource = (entry.slot.resource as CalendarResource | undefined)?.[sharedJson];
    if (text && resource) parts.push(text.head, resource, text.tail);
    else parts.push(Buffer.from(JSON.stringify(entry)));
  });
  parts.push(closing);
  return Buffer.concat(parts);
}
