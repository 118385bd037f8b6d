import {
  staffResourceTypeId,
  type TimeSlot,
  type ListTimeSlotsRequest,
} from '@atrium/contract/bookings/availability';
import {} from './class-sessions.ts';
import { type ChainedSlot } from './multi-service.ts';
import { type LoadedAppointment } from './availability.loader.ts';
import type { AppointmentSlot, PolicyViolations, ServiceInput, SlotLocation } from './availability.types.ts';
import { type ZoneTimeline } from './zone-timeline.ts';
import {
  appointmentEntryFactory,
  calendarResource,
  type CalendarEntry,
  type CalendarResource,
} from './calendar-answer-json.ts';

import {
  calendarLocation,
  locationsOf,
  locationsMatching,
  wireViolations,
  type WaitlistedSlot,
  type LocationFilter,
} from './availability-requests.ts';

/**
 * Availability answers in the wire's shapes: calendar entries of appointments and class sessions, time
 * slots with their resources, event and multi-service time slots. Pure functions over computed slots.
 */

/**
 * A calendar entry with the start it sorts and is limited per day by. The wire entry is built once, in its
 * final shape, and answered as it is: a month of a busy service is thousands of entries, and copying each
 * one to drop a sort key cost the server as much as building it.
 */
export interface TimedCalendarEntry {
  start: number;
  bookable: boolean;
  entry: CalendarEntry;
}

export function calendarEntriesOfAppointment(
  slots: AppointmentSlot[],
  service: ServiceInput,
  names: Map<string, string>,
  timeline: ZoneTimeline,
): TimedCalendarEntry[] {
  const entries: TimedCalendarEntry[] = [];
  const wireLocations = locationsOf(service).map(calendarLocation);
  // One resource per staff member, shared by all their entries (and its JSON text made once).
  const resources = new Map<string, CalendarResource>();
  const resourceOf = (id: string) => {
    let resource = resources.get(id);
    if (!resource) resources.set(id, (resource = calendarResource(id, names.get(id) ?? null)));
    return resource;
  };
  for (const slot of slots) {
    // One time, several staff members and places: what they share is worked out once per slot.
    const startDate = timeline.formatOffset(slot.start);
    const endDate = timeline.formatOffset(slot.end);
    const bookingPolicyViolations = wireViolations(slot.violations);
    for (const location of wireLocations) {
      const entryOf = appointmentEntryFactory({
        serviceId: service.id,
        scheduleId: service.scheduleId,
        startDate,
        endDate,
        timezone: timeline.timeZone,
        location,
        bookable: slot.bookable,
        bookingPolicyViolations,
      });
      for (const staffMemberId of slot.staffMemberIds) {
        entries.push({
          start: slot.start,
          bookable: slot.bookable,
          entry: entryOf(resourceOf(staffMemberId)),
        });
      }
    }
  }
  return entries;
}

export function calendarEntriesOfSessions(
  slots: WaitlistedSlot[],
  service: ServiceInput,
  timeline: ZoneTimeline,
): TimedCalendarEntry[] {
  return slots.map((slot) => ({
    start: slot.start,
    bookable: slot.bookable,
    entry: {
      slot: {
        sessionId: slot.sessionId,
        eventId: slot.sessionId,
        serviceId: service.id,
        scheduleId: service.scheduleId,
        startDate: timeline.formatOffset(slot.start),
        endDate: timeline.formatOffset(slot.end),
        timezone: timeline.timeZone,
        ...(slot.staffMemberId ? { resource: { id: slot.staffMemberId } } : {}),
        location: calendarLocation(service.locations[0]),
      },
      bookable: slot.bookable,
      totalSpots: slot.totalSpots,
      openSpots: slot.openSpots,
      ...(slot.waitingList
        ? { waitingList: { totalSpots: slot.waitingList.total, openSpots: slot.waitingList.open } }
        : {}),
      bookingPolicyViolations: wireViolations(slot.violations),
      locked: false,
    },
  }));
}

export function toTimeSlot(
  slot: { start: number; end: number; bookable: boolean; violations: PolicyViolations },
  service: ServiceInput,
  timeline: ZoneTimeline,
  capacity: { total: number; remaining: number },
  resources: TimeSlot['availableResources'],
  extra: Partial<TimeSlot> = {},
  location: SlotLocation | undefined = service.locations[0],
): TimeSlot {
  const violatesPolicy =
    slot.violations.tooEarlyToBook || slot.violations.tooLateToBook || slot.violations.bookOnlineDisabled;
  return {
    serviceId: service.id,
    localStartDate: timeline.formatLocal(slot.start),
    localEndDate: timeline.formatLocal(slot.end),
    bookable: slot.bookable,
    location: location
      ? {
          id: location.id ?? null,
          name: location.name ?? null,
          formattedAddress: location.formattedAddress ?? null,
          locationType: location.locationType,
        }
      : { locationType: 'BUSINESS' },
    totalCapacity: capacity.total,
    remainingCapacity: capacity.remaining,
    bookableCapacity: slot.bookable ? capacity.remaining : 0,
    bookingPolicyViolations: {
      ...wireViolations(slot.violations),
      earliestBookingDate:
        slot.violations.earliestBookingDate === null
          ? null
          : new Date(slot.violations.earliestBookingDate).toISOString(),
    },
    availableResources: resources,
    nestedTimeSlots: [],
    nonBookableReasons: {
      noRemainingCapacity: capacity.remaining === 0,
      violatesBookingPolicy: violatesPolicy,
      reservedForWaitingList: false,
      eventCancelled: false,
    },
    scheduleId: service.scheduleId,
    ...extra,
  };
}

/** The resources a time slot lists: staff under the staff type, then the service's resource pools. */
export function resourcesOf(
  slot:
    AppointmentSlot | { staffMemberIds: string[]; availableResources: AppointmentSlot['availableResources'] },
  loaded: LoadedAppointment,
  include: ((resourceTypeId: string) => boolean) | 'all',
): TimeSlot['availableResources'] {
  const wanted = (typeId: string) => include === 'all' || include(typeId);
  const limit = include === 'all' ? Infinity : 10;
  const out: TimeSlot['availableResources'] = [];
  if (wanted(staffResourceTypeId)) {
    out.push({
      resourceTypeId: staffResourceTypeId,
      resources: slot.staffMemberIds
        .slice(0, limit)
        .map((id) => ({ id, name: loaded.staffNames.get(id) ?? null })),
      hasMoreAvailableResources: slot.staffMemberIds.length > limit,
    });
  }
  for (const pool of slot.availableResources) {
    if (!wanted(pool.resourceTypeId)) continue;
    out.push({
      resourceTypeId: pool.resourceTypeId,
      resources: pool.resourceIds
        .slice(0, limit)
        .map((id) => ({ id, name: loaded.resourceNames.get(id) ?? null })),
      hasMoreAvailableResources: pool.resourceIds.length > limit,
    });
  }
  return out;
}

/** Staff members a `resourceTypes` filter allows; null when it does not restrict staff. */
export function staffFilterOf(resourceTypes: ListTimeSlotsRequest['resourceTypes']): string[] | null {
  const staffEntry = resourceTypes?.find((entry) => entry.resourceTypeId === staffResourceTypeId);
  return staffEntry?.resourceIds ?? null;
}

export function eventTimeSlot(slot: WaitlistedSlot, service: ServiceInput, timeline: ZoneTimeline): TimeSlot {
  return toTimeSlot(
    slot,
    service,
    timeline,
    { total: slot.totalSpots, remaining: slot.openSpots },
    slot.staffMemberId
      ? [
          {
            resourceTypeId: staffResourceTypeId,
            resources: [{ id: slot.staffMemberId }],
            hasMoreAvailableResources: false,
          },
        ]
      : [],
    {
      eventInfo: {
        eventId: slot.sessionId,
        eventTitle: service.name ?? null,
        ...(slot.waitingList
          ? {
              waitingList: {
                totalCapacity: slot.waitingList.total,
                remainingCapacity: slot.waitingList.open,
              },
            }
          : {}),
      },
    },
  );
}

/** Where a visit can take place: the first service's locations that the filter keeps. */
export function sequenceLocations(
  chained: { services: LoadedAppointment[] },
  filter: LocationFilter | null | undefined,
): SlotLocation[] {
  return locationsMatching(chained.services[0]!.service, filter ? [filter] : null);
}

export function multiTimeSlot(
  slot: ChainedSlot,
  chained: { services: LoadedAppointment[] },
  timeline: ZoneTimeline,
  include: Array<Set<string>> | 'all',
  location: SlotLocation | undefined,
): TimeSlot {
  const first = chained.services[0]!.service;
  const base = toTimeSlot(slot, first, timeline, { total: 1, remaining: 1 }, [], {}, location);
  return {
    ...base,
    serviceId: null,
    nestedTimeSlots: slot.parts.map((part, index) => ({
      serviceId: part.serviceId,
      scheduleId: part.scheduleId,
      localStartDate: timeline.formatLocal(part.start),
      localEndDate: timeline.formatLocal(part.end),
      availableResources: resourcesOf(
        part,
        chained.services[index]!,
        include === 'all' ? 'all' : (typeId) => include[index]!.has(typeId),
      ),
    })),
  };
}
