import { completePolicy, type PolicyDoc } from '../booking-policy-rules.ts';
import { defaultBusinessHours } from '../working-hours.ts';
import type {
  AvailabilityRepository,
  ResourceRecord,
  RuleRecord,
  ServiceRecord,
  StaffRecord,
} from './availability.repository.ts';
import {
  weekdays,
  type AppointmentAvailabilityInput,
  type BookingPolicyLimits,
  type BusyInterval,
  type RecurringSessionRule,
  type ServiceInput,
  type ServiceType,
  type SingleSession,
  type SlotLocation,
  type StaffInput,
  type WeeklyRange,
} from './availability.types.ts';
import type { Interval } from './intervals.ts';

const minuteText = (minutes: number) =>
  minutes >= 1440
    ? '24:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function toWeekly(
  rows: ReadonlyArray<{ weekday: number; startMinute: number; endMinute: number }>,
): WeeklyRange[] {
  return rows
    .filter((row) => row.weekday >= 1 && row.weekday <= 7)
    .map((row) => ({
      weekday: weekdays[row.weekday - 1]!,
      start: minuteText(row.startMinute),
      end: minuteText(row.endMinute),
    }));
}

type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (value && typeof value === 'object' ? (value as Doc) : {});

export type CompletePolicy = ReturnType<typeof completePolicy>;

/** The service's stored policy with what it leaves out filled from the defaults. */
export function completePolicyOf(record: Pick<ServiceRecord, 'policyDoc'>): CompletePolicy {
  return completePolicy((record.policyDoc ?? {}) as PolicyDoc);
}

/** The booking window and switches the engine applies to every slot, from the completed policy. */
export function limitsOf(policy: CompletePolicy, onlineBookingEnabled: boolean): BookingPolicyLimits {
  return {
    earliestBookingInMinutes: policy.limitEarlyBookingPolicy.enabled
      ? (policy.limitEarlyBookingPolicy.earliestBookingInMinutes ?? null)
      : null,
    latestBookingInMinutes: policy.limitLateBookingPolicy.enabled
      ? (policy.limitLateBookingPolicy.latestBookingInMinutes ?? null)
      : null,
    bookOnlineDisabled: !onlineBookingEnabled,
    bookAfterStartEnabled: policy.bookAfterStartPolicy.enabled ?? false,
  };
}

export function policyOf(
  record: ServiceRecord,
  policy: CompletePolicy = completePolicyOf(record),
): BookingPolicyLimits & { maxParticipantsPerBooking: number | null } {
  const participants = asDoc(asDoc(record.policyDoc).participantsPolicy);
  return {
    ...limitsOf(policy, record.onlineBookingEnabled),
    maxParticipantsPerBooking:
      typeof participants.maxParticipantsPerBooking === 'number'
        ? participants.maxParticipantsPerBooking
        : null,
  };
}

function locationsOf(doc: Doc): SlotLocation[] {
  const list = Array.isArray(doc.locations) ? (doc.locations as Doc[]) : [];
  return list.map((location) => {
    const business = asDoc(location.business);
    const custom = asDoc(location.custom);
    const address = asDoc(business.address ?? custom.address ?? location.calculatedAddress);
    const type = location.type === 'CUSTOM' || location.type === 'CUSTOMER' ? location.type : 'BUSINESS';
    return {
      id:
        (typeof business.id === 'string'
          ? business.id
          : typeof location.id === 'string'
            ? location.id
            : null) ?? null,
      name: typeof business.name === 'string' ? business.name : null,
      formattedAddress: typeof address.formattedAddress === 'string' ? address.formattedAddress : null,
      locationType: type,
    };
  });
}

export function toServiceInput(
  record: ServiceRecord,
  policy: CompletePolicy = completePolicyOf(record),
): ServiceInput {
  const doc = asDoc(record.doc);
  const pools = (Array.isArray(doc.serviceResources) ? (doc.serviceResources as Doc[]) : [])
    .map((entry) => ({
      resourceTypeId: String(asDoc(entry.resourceType).id ?? ''),
      resourceIds: (asDoc(entry.resourceIds).values as string[] | undefined) ?? [],
    }))
    .filter((pool) => pool.resourceTypeId && pool.resourceIds.length > 0);
  return {
    id: record.id,
    scheduleId: record.scheduleId,
    type: (['APPOINTMENT', 'CLASS', 'COURSE'].includes(record.type)
      ? record.type
      : 'APPOINTMENT') as ServiceType,
    name: record.name,
    durationMinutes: record.durationMinutes,
    bufferBeforeMinutes: record.bufferBeforeMinutes,
    bufferAfterMinutes: record.bufferAfterMinutes,
    slotIntervalMinutes: null,
    capacity: record.defaultCapacity,
    staffMemberIds: record.staffMemberIds ?? [],
    resourcePools: pools,
    locations: locationsOf(doc),
    policy: policyOf(record, policy),
  };
}

export function toStaffInput(record: StaffRecord): StaffInput {
  return {
    id: record.id,
    name: record.name,
    // Own hours that are none (every day off) leave the staff member unavailable, not on business hours.
    workingHours: record.usesDefaultWorkingHours ? null : toWeekly(record.hours ?? []),
    timeOff: (record.timeOff ?? []).map((span) => ({ start: Number(span.start), end: Number(span.end) })),
  };
}

export function businessHoursOf(record: ServiceRecord): WeeklyRange[] {
  return toWeekly(record.businessHours ?? defaultBusinessHours);
}

export interface LoadedAppointment extends AppointmentAvailabilityInput {
  staffNames: Map<string, string>;
  resourceNames: Map<string, string>;
}

const dayMs = 86_400_000;

/**
 * Everything the engine needs for appointment services over a window, in one round of parallel queries:
 * the services, their staff (hours and time off) and the staff's busy time, the last two found through
 * the services' staff lists in SQL so none waits for another. Resources, when a service needs them, take
 * one more round. Busy time is read a day either side of the window (plus `chainMs` after it, for the
 * later parts of a multi-service slot), which covers any slot at the window's edges with its buffers; a
 * service longer than that gets its busy time read again over the wider span.
 */
export async function loadAppointmentWindow(
  repository: AvailabilityRepository,
  siteId: string,
  timeZone: string,
  serviceIds: readonly string[],
  window: Interval,
  now: number,
  chainMs = 0,
): Promise<{ records: ServiceRecord[]; appointments: Map<string, LoadedAppointment> }> {
  const reach = { start: window.start - dayMs, end: window.end + dayMs + chainMs };
  const [records, staffRows, staffBusy] = await Promise.all([
    repository.findServices(siteId, serviceIds),
    repository.findStaffOfServices(siteId, serviceIds, reach),
    repository.findBusyOfServices(siteId, serviceIds, reach, now),
  ]);
  const appointmentRecords = records.filter((record) => record.type === 'APPOINTMENT');
  const services = appointmentRecords.map((record) => toServiceInput(record));
  const padMs = Math.max(
    0,
    ...services.map(
      (service) =>
        (service.durationMinutes + service.bufferAfterMinutes + service.bufferBeforeMinutes) * 60_000,
    ),
  );
  const resourceIds = [
    ...new Set(services.flatMap((service) => service.resourcePools.flatMap((pool) => pool.resourceIds))),
  ];
  let busyRows = staffBusy;
  let resourceRows: ResourceRecord[] = [];
  if (resourceIds.length > 0 || padMs > dayMs) {
    const wideReach = {
      start: window.start - Math.max(padMs, dayMs),
      end: window.end + Math.max(padMs, dayMs) + chainMs,
    };
    const staffIds = staffRows.map((row) => row.id);
    [resourceRows, busyRows] = await Promise.all([
      repository.findResources(siteId, resourceIds),
      repository.findBusy(siteId, staffIds, resourceIds, wideReach, now),
    ]);
  }
  const staff = staffRows.map(toStaffInput);
  const busy: BusyInterval[] = busyRows.map((row) => ({
    staffMemberId: row.staffMemberId,
    resourceId: row.resourceId,
    start: Number(row.start),
    end: Number(row.end),
  }));
  const staffNames = new Map(staffRows.map((row) => [row.id, row.name]));
  const resourceNames = new Map(resourceRows.map((row) => [row.id, row.name]));
  const resources = resourceRows.map((row) => ({ id: row.id, name: row.name, resourceTypeId: row.typeId }));
  const appointments = new Map<string, LoadedAppointment>();
  for (const [index, record] of appointmentRecords.entries()) {
    appointments.set(record.id, {
      business: { timeZone, hours: businessHoursOf(record) },
      service: services[index]!,
      staff,
      resources,
      busy,
      window,
      now,
      staffNames,
      resourceNames,
    });
  }
  return { records, appointments };
}

export function toRules(rows: readonly RuleRecord[]): RecurringSessionRule[] {
  return rows
    .filter((row) => row.weekday >= 1 && row.weekday <= 7)
    .map((row) => ({
      id: row.id,
      weekday: weekdays[row.weekday - 1]!,
      startTime: minuteText(row.startMinute),
      durationMinutes: row.durationMinutes,
      capacity: row.capacity,
      staffMemberId: row.staffMemberId,
      validFrom: row.startDate,
      validUntil: row.endDate,
    }));
}

export function toSingles(
  rows: ReadonlyArray<{
    id: string;
    start: number;
    end: number;
    capacity: number;
    staffMemberId: string | null;
    cancelled?: boolean;
  }>,
): SingleSession[] {
  return rows.map((row) => ({
    id: row.id,
    start: Number(row.start),
    end: Number(row.end),
    capacity: row.capacity,
    staffMemberId: row.staffMemberId,
    cancelled: row.cancelled ?? false,
  }));
}
