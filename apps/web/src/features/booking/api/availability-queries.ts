import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookings } from '../../../lib/bookings-api.ts';
import { dayKey, monthOf, nextDay } from '../lib/time.ts';

export const availabilityKey = ['bookings', 'availability'] as const;

/** One bookable start time (an appointment slot or a class session), merged over staff members. */
export interface PickableSlot {
  key: string;
  start: Date;
  end: Date;
  staffIds: string[];
  staffNames: string[];
  openSpots: number;
  totalSpots: number;
  bookable: boolean;
  sessionId?: string;
  eventId?: string;
}

interface Window {
  serviceId: string;
  timeZone: string;
  staffId: string | null;
  /** `YYYY-MM-DD` local days: from inclusive, to exclusive. */
  from: string;
  to: string;
  slotsPerDay?: number;
}

async function fetchSlots(window: Window): Promise<PickableSlot[]> {
  const entries = await bookings.queryAvailability({
    query: {
      filter: {
        serviceId: [window.serviceId],
        startDate: `${window.from}T00:00:00`,
        endDate: `${window.to}T00:00:00`,
        ...(window.staffId ? { staffMemberId: [window.staffId] } : {}),
      },
    },
    timezone: window.timeZone,
    ...(window.slotsPerDay ? { slotsPerDay: window.slotsPerDay } : {}),
  });
  const byStart = new Map<string, PickableSlot>();
  for (const entry of entries) {
    const start = entry.slot.startDate;
    const key = `${start.getTime()}|${entry.slot.sessionId ?? entry.slot.eventId ?? ''}`;
    const staffId = entry.slot.resource?.id ?? undefined;
    const existing = byStart.get(key);
    if (existing) {
      // "Any staff member": one time, taken by whoever of them is free.
      if (entry.bookable && staffId && !existing.staffIds.includes(staffId)) {
        existing.staffIds.push(staffId);
        existing.staffNames.push(entry.slot.resource?.name ?? '');
      }
      existing.bookable ||= entry.bookable;
      existing.openSpots = Math.max(existing.openSpots, entry.openSpots);
      continue;
    }
    byStart.set(key, {
      key,
      start,
      end: entry.slot.endDate,
      staffIds: entry.bookable && staffId ? [staffId] : [],
      staffNames: entry.bookable && staffId ? [entry.slot.resource?.name ?? ''] : [],
      openSpots: entry.openSpots,
      totalSpots: entry.totalSpots,
      bookable: entry.bookable,
      ...(entry.slot.sessionId ? { sessionId: entry.slot.sessionId } : {}),
      ...(entry.slot.eventId ? { eventId: entry.slot.eventId } : {}),
    });
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Days of a month that have at least one free time (one slot per day is enough to know). */
export function useAvailableDays(serviceId: string, month: string, timeZone: string, staffId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...availabilityKey, 'days', serviceId, month, timeZone, staffId],
      queryFn: async () => {
        const slots = await fetchSlots({
          serviceId,
          timeZone,
          staffId,
          from: month,
          to: monthOf(month, 1),
          slotsPerDay: 1,
        });
        return new Set(slots.filter((slot) => slot.bookable).map((slot) => dayKey(slot.start, timeZone)));
      },
      placeholderData: (previous) => previous,
    }),
  );
}

/** Every start time of one local day. */
export function useDaySlots(serviceId: string, day: string | null, timeZone: string, staffId: string | null) {
  return useQuery({
    queryKey: [...availabilityKey, 'day', serviceId, day, timeZone, staffId],
    enabled: Boolean(day),
    queryFn: async () => {
      const slots = await fetchSlots({ serviceId, timeZone, staffId, from: day!, to: nextDay(day!) });
      return slots.filter((slot) => dayKey(slot.start, timeZone) === day);
    },
  });
}

/** Sessions of a class in a month, full ones included (they offer the waitlist). */
export function useMonthSessions(serviceId: string, month: string, timeZone: string, enabled = true) {
  return useQuery({
    queryKey: [...availabilityKey, 'sessions', serviceId, month, timeZone],
    enabled,
    queryFn: () => fetchSlots({ serviceId, timeZone, staffId: null, from: month, to: monthOf(month, 1) }),
    placeholderData: (previous) => previous,
  });
}

/**
 * Places left in a course, and its sessions as they are (weekly rules expanded, exceptions applied) from
 * its first to its last, in the visitor's time zone.
 */
export function useCourse(
  service: {
    id: string;
    schedule: { id: string; firstSessionStart?: string | null; lastSessionEnd?: string | null };
  },
  timeZone: string,
  enabled: boolean,
) {
  const { firstSessionStart: first, lastSessionEnd: last } = service.schedule;
  return useQuery({
    queryKey: [...availabilityKey, 'course', service.id, timeZone],
    enabled,
    queryFn: async () => {
      const [spots, sessions] = await Promise.all([
        bookings.getScheduleAvailability(service.schedule.id),
        first && last
          ? fetchSlots({
              serviceId: service.id,
              timeZone,
              staffId: null,
              from: dayKey(new Date(first), timeZone),
              to: nextDay(dayKey(new Date(last), timeZone)),
            })
          : Promise.resolve([]),
      ]);
      return { spots, sessions };
    },
  });
}

/** Reads the free times again: after a time was taken, they are out of date. */
export function useRefreshAvailability() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: availabilityKey });
}

/**
 * The time the page's address names (`start`, with its session or event), read again from the free times
 * after a reload or Back: `missing` when it is no longer offered (taken, past, or never was).
 */
export function useAddressSlot(
  service: { id: string; type: string },
  address: { start?: string; session?: string; event?: string },
  timeZone: string,
  staffId: string | null,
  waitlist: boolean,
) {
  const start = address.start ? new Date(address.start) : undefined;
  const day = start ? dayKey(start, timeZone) : null;
  const appointment = service.type === 'APPOINTMENT';
  const daySlots = useDaySlots(service.id, appointment ? day : null, timeZone, staffId);
  const sessions = useMonthSessions(
    service.id,
    monthOf(day ?? '2000-01-01'),
    timeZone,
    Boolean(day) && service.type === 'CLASS',
  );
  if (!start || service.type === 'COURSE') return { slot: null, missing: false, loading: false };
  const query = appointment ? daySlots : sessions;
  const slot =
    (query.data ?? []).find(
      (candidate) =>
        candidate.start.getTime() === start.getTime() &&
        (!address.session || candidate.sessionId === address.session) &&
        (!address.event || candidate.eventId === address.event) &&
        (candidate.bookable || (waitlist && candidate.openSpots === 0)),
    ) ?? null;
  const loading = query.isPending || query.isPlaceholderData;
  return { slot, missing: !slot && !loading && !query.isError, loading };
}
