import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar-page.css';
import type { EventDropInfo, EventInput } from '@fullcalendar/react';
import type { Booking, TimeOff, TimeSlot } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { Button, Card, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { type BookingFilters, useBookingsInRange } from '../shared/api/bookings.ts';
import { useNames } from '../shared/api/catalogue.ts';
import { errorCode, errorMessage } from '../shared/errors.ts';
import { BookingDrawer } from '../shared/booking-drawer.tsx';
import { bookingServiceId, contactName, formatRange } from '../shared/format.ts';
import { PageHeader } from '../shared/ui.tsx';
import { SessionPanel } from './session-panel.tsx';
import { SlotDialog, type SlotSelection } from './slot-dialog.tsx';
import { useRescheduleBooking, useUnblockTime } from './api/calendar-changes.ts';
import { useBlockedTime } from './api/blocked-time.ts';
import { useClassSessions } from './api/class-sessions.ts';
import { useResources } from './api/resources.ts';

const s = t.calendar;
// Each status's colour with the text colour that reads on it at AA (4.5:1 or more).
const eventColors: Record<string, { background: string; text: string }> = {
  CONFIRMED: { background: '#087a63', text: '#ffffff' },
  PENDING: { background: '#e8a317', text: '#212529' },
  CREATED: { background: '#1d4ed8', text: '#ffffff' },
  WAITING_LIST: { background: '#862e9c', text: '#ffffff' },
  CANCELED: { background: '#adb5bd', text: '#212529' },
  DECLINED: { background: '#c92a2a', text: '#ffffff' },
};
const blockedColor = '#dee2e6';
const sessionColor = '#e5dbff';

/** The staff members a session names among its available resources (its teacher). */
function sessionStaffIds(slot: TimeSlot): string[] {
  return slot.availableResources.flatMap((pool) => pool.resources.map((resource) => resource.id));
}

/**
 * A class booking is drawn inside its session (the session panel lists it), so a busy class is one block,
 * not a column of people; a course enrolment likewise belongs to its course's sessions.
 */
function shownInSession(booking: WithDates<Booking>, eventIds: Set<string>, courseIds: Set<string>) {
  const eventId = booking.bookedEntity.slot?.eventId;
  if (eventId && eventIds.has(eventId)) return true;
  const course = booking.bookedEntity.schedule?.serviceId;
  return Boolean(course && courseIds.has(course));
}
// Conflicts the server reports when a new time is taken; the owner may still insist.
const conflictCodes = new Set([
  'SLOT_NOT_AVAILABLE',
  'SESSION_CAPACITY_EXCEEDED',
  'BOOKING_POLICY_VIOLATION',
]);

interface PendingMove {
  booking: WithDates<Booking>;
  start: Date;
  end: Date;
  revert: () => void;
  message: string;
}

/** Day, week and month views of the bookings; click for details, drag to reschedule. */
export function CalendarPage() {
  // `?date=2026-12-01` opens the calendar on that day (links from the list, mails and tests).
  const [params] = useSearchParams();
  const { services, staff, serviceNames } = useNames();
  const [range, setRange] = useState<{ from: Date; to: Date }>();
  const [filters, setFilters] = useState<BookingFilters>({
    staffIds: [],
    resourceIds: [],
    serviceIds: [],
    statuses: [],
  });
  const [selected, setSelected] = useState<string>();
  const [sessionId, setSessionId] = useState<string>();
  const [conflict, setConflict] = useState<PendingMove>();
  const [slot, setSlot] = useState<SlotSelection>();
  const [block, setBlock] = useState<TimeOff>();
  const isConflict = (error: Error) => conflictCodes.has(errorCode(error) ?? '');
  const reschedule = useRescheduleBooking({
    onSuccess: () => notifications.show({ color: 'teal', message: s.rescheduled }),
    // A conflict asks whether to move anyway instead; an insist that fails is told.
    failure: { message: (error, { force }) => (!force && isConflict(error) ? null : errorMessage(error)) },
  });
  const unblockTime = useUnblockTime({
    onSuccess: () => notifications.show({ color: 'teal', message: t.calendarSlot.unblocked }),
  });
  const resources = useResources();
  const bookings = useBookingsInRange(range?.from, range?.to, filters);
  const classServices = (services.data ?? [])
    .filter((service) => service.type !== 'APPOINTMENT')
    .filter((service) => filters.serviceIds.length === 0 || filters.serviceIds.includes(service.id));
  // Sessions are not bookings: a status filter asks about bookings, and sessions hold no rooms, so either
  // filter shows the matching class bookings one by one instead of their sessions.
  const showSessions = filters.statuses.length === 0 && filters.resourceIds.length === 0;
  const sessions = useClassSessions(
    range?.from,
    range?.to,
    showSessions ? classServices.map((service) => service.id) : [],
  );
  const shownSessions = useMemo(
    () =>
      // The disabled query keeps its last answer as placeholder data: it must not be drawn.
      (showSessions ? (sessions.data ?? []) : []).filter(
        (slot) =>
          filters.staffIds.length === 0 ||
          sessionStaffIds(slot).some((staffId) => filters.staffIds.includes(staffId)),
      ),
    [showSessions, sessions.data, filters.staffIds],
  );
  const sessionEventIds = useMemo(
    () => new Set(shownSessions.flatMap((slot) => (slot.eventInfo?.eventId ? [slot.eventInfo.eventId] : []))),
    [shownSessions],
  );
  const sessionCourseIds = useMemo(() => {
    const courses = new Set(
      (services.data ?? []).filter((service) => service.type === 'COURSE').map((service) => service.id),
    );
    return new Set(
      shownSessions.flatMap((slot) => (courses.has(slot.serviceId ?? '') ? [slot.serviceId!] : [])),
    );
  }, [shownSessions, services.data]);
  const openSession = shownSessions.find((slot) => slot.eventInfo?.eventId === sessionId);
  const openSessionService = (services.data ?? []).find((service) => service.id === openSession?.serviceId);
  const shownStaffIds =
    filters.staffIds.length > 0 ? filters.staffIds : (staff.data ?? []).map((member) => member.id);
  const blocked = useBlockedTime(range?.from, range?.to, shownStaffIds);
  const staffNames = useMemo(
    () => new Map((staff.data ?? []).map((member) => [member.id, member.name ?? ''])),
    [staff.data],
  );

  const events = useMemo<EventInput[]>(
    () => [
      // One block per class session with its spots; click it for its participants.
      ...shownSessions.map((slot, index) => ({
        id: `session-${slot.eventInfo?.eventId ?? index}`,
        title: s.session(
          serviceNames.get(slot.serviceId ?? '') ?? slot.eventInfo?.eventTitle ?? '',
          slot.totalCapacity - slot.remainingCapacity,
          slot.totalCapacity,
        ),
        start: slot.localStartDate,
        end: slot.localEndDate,
        color: sessionColor,
        contrastColor: '#5f3dc4',
        className: slot.remainingCapacity <= 0 ? 'atrium-session atrium-session-full' : 'atrium-session',
        editable: false,
        extendedProps: { session: slot.eventInfo?.eventId },
      })),
      // Blocked time: grey hatched blocks that nothing can be dropped onto by accident.
      ...(blocked.data ?? []).map((timeOff) => ({
        id: `blocked-${timeOff.id}`,
        title: t.calendarSlot.blockedEvent(staffNames.get(timeOff.staffMemberId) ?? '', timeOff.title ?? ''),
        start: timeOff.startDate,
        end: timeOff.endDate,
        color: blockedColor,
        contrastColor: '#495057',
        className: 'atrium-blocked-time',
        editable: false,
        extendedProps: { blocked: timeOff },
      })),
      ...(bookings.data ?? [])
        .filter(({ booking }) => !shownInSession(booking, sessionEventIds, sessionCourseIds))
        .map(({ booking }) => {
          const service =
            serviceNames.get(bookingServiceId(booking) ?? '') ?? booking.bookedEntity.title ?? '';
          const movable =
            booking.status !== 'CANCELED' &&
            booking.status !== 'DECLINED' &&
            Boolean(booking.bookedEntity.slot);
          return {
            id: booking.id,
            title: `${contactName(booking.contactDetails)} · ${service}`,
            start: booking.startDate,
            end: booking.endDate,
            color: eventColors[booking.status]?.background,
            backgroundColor: eventColors[booking.status]?.background,
            borderColor: eventColors[booking.status]?.background,
            textColor: eventColors[booking.status]?.text,
            editable: movable,
            durationEditable: false,
            extendedProps: { booking },
          };
        }),
    ],
    [bookings.data, shownSessions, blocked.data, serviceNames, staffNames, sessionEventIds, sessionCourseIds],
  );

  function onDrop(info: EventDropInfo) {
    const booking = info.event.extendedProps.booking as WithDates<Booking>;
    const start = info.event.start!;
    const end =
      info.event.end ?? new Date(start.getTime() + (booking.endDate.getTime() - booking.startDate.getTime()));
    reschedule.mutate(
      { booking, start, end, force: false },
      {
        onError: (error) => {
          if (isConflict(error))
            setConflict({ booking, start, end, revert: info.revert, message: errorMessage(error) });
          else info.revert();
        },
      },
    );
  }

  function insist() {
    if (!conflict) return;
    reschedule.mutate(
      { booking: conflict.booking, start: conflict.start, end: conflict.end, force: true },
      { onError: () => conflict.revert(), onSettled: () => setConflict(undefined) },
    );
  }

  function unblock() {
    if (block) unblockTime.mutate(block, { onSuccess: () => setBlock(undefined) });
  }

  return (
    <>
      <PageHeader title={s.title} description={s.description} />
      <Group mb="md" gap="sm" align="flex-start" wrap="wrap">
        <MultiSelect
          label={s.staff}
          placeholder={s.all}
          data={(staff.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
          value={filters.staffIds}
          onChange={(staffIds) => setFilters((current) => ({ ...current, staffIds }))}
          clearable
          searchable
          w={220}
        />
        <MultiSelect
          label={s.resource}
          placeholder={(resources.data ?? []).length > 0 ? s.all : s.noResources}
          data={(resources.data ?? []).map((resource) => ({
            value: resource.id,
            label: resource.name ?? '',
          }))}
          value={filters.resourceIds}
          onChange={(resourceIds) => setFilters((current) => ({ ...current, resourceIds }))}
          disabled={(resources.data ?? []).length === 0}
          clearable
          searchable
          w={220}
        />
        <MultiSelect
          label={s.service}
          placeholder={s.all}
          data={(services.data ?? []).map((service) => ({ value: service.id, label: service.name }))}
          value={filters.serviceIds}
          onChange={(serviceIds) => setFilters((current) => ({ ...current, serviceIds }))}
          clearable
          searchable
          w={240}
        />
        <MultiSelect
          label={s.status}
          placeholder={s.all}
          data={Object.entries(shared.statuses).map(([value, label]) => ({ value, label }))}
          value={filters.statuses}
          onChange={(statuses) => setFilters((current) => ({ ...current, statuses }))}
          clearable
          w={240}
        />
        {bookings.isFetching && (
          <Text size="sm" c="dimmed">
            {shared.common.loading}
          </Text>
        )}
      </Group>
      <Card p="md" data-testid="booking-calendar">
        <FullCalendar
          plugins={[classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin]}
          initialView="timeGridWeek"
          initialDate={params.get('date') ?? undefined}
          headerToolbar={{
            start: 'prev,next today',
            center: 'title',
            end: 'timeGridDay,timeGridWeek,dayGridMonth',
          }}
          buttons={{
            today: { text: s.today },
            timeGridDay: { text: s.day },
            timeGridWeek: { text: s.week },
            dayGridMonth: { text: s.month },
          }}
          firstDay={1}
          // The button's name must hold its visible text ("Today"), not FullCalendar's "This week".
          todayHint={s.today}
          nowIndicator
          allDaySlot={false}
          slotMinTime="06:00:00"
          slotMaxTime="22:00:00"
          height="auto"
          events={events}
          eventStartEditable
          datesSet={(info) => setRange({ from: info.start, to: info.end })}
          selectable
          selectMirror
          unselectAuto
          select={(info) => {
            setSlot({
              start: info.start,
              end: info.end,
              ...(filters.staffIds.length === 1 ? { staffId: filters.staffIds[0] } : {}),
            });
            info.view.calendar.unselect();
          }}
          eventClick={(info) => {
            const props = info.event.extendedProps;
            if (props.blocked) setBlock(props.blocked as TimeOff);
            else if (props.session) setSessionId(props.session as string);
            else setSelected(info.event.id);
          }}
          eventDrop={onDrop}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        />
      </Card>
      <Group gap="md" mt="sm">
        {Object.entries(eventColors).map(([status, color]) => (
          <Group key={status} gap={6}>
            <span
              style={{
                width: 10,
                height: 10,
                borderRadius: 3,
                background: color.background,
                display: 'inline-block',
              }}
            />
            <Text size="xs" c="dimmed">
              {(shared.statuses as Record<string, string>)[status]}
            </Text>
          </Group>
        ))}
        <Group gap={6}>
          <span className="atrium-session-swatch" />
          <Text size="xs" c="dimmed">
            {s.legendSession}
          </Text>
        </Group>
        <Group gap={6}>
          <span className="atrium-blocked-swatch" />
          <Text size="xs" c="dimmed">
            {t.calendarSlot.legendBlocked}
          </Text>
        </Group>
      </Group>
      <SessionPanel
        // Hidden while one of its bookings is open, and back when that closes.
        session={selected ? undefined : openSession}
        service={openSessionService}
        staffName={
          openSession &&
          sessionStaffIds(openSession)
            .map((id) => staffNames.get(id))
            .find(Boolean)
        }
        onClose={() => setSessionId(undefined)}
        onOpenBooking={setSelected}
      />
      <BookingDrawer bookingId={selected} onClose={() => setSelected(undefined)} />
      <SlotDialog
        selection={slot}
        services={services.data ?? []}
        staff={staff.data ?? []}
        onClose={() => setSlot(undefined)}
      />
      <Modal opened={Boolean(block)} onClose={() => setBlock(undefined)} title={t.calendarSlot.unblockTitle}>
        {block && (
          <Stack>
            <Text size="sm">
              {t.calendarSlot.blockedEvent(staffNames.get(block.staffMemberId) ?? '', block.title ?? '')}
            </Text>
            <Text size="sm" c="dimmed">
              {formatRange(block.startDate, block.endDate)}
            </Text>
            <Group justify="flex-end">
              <Button color="red" variant="light" loading={unblockTime.isPending} onClick={unblock}>
                {t.calendarSlot.unblock}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={Boolean(conflict)}
        onClose={() => {
          conflict?.revert();
          setConflict(undefined);
        }}
        title={s.conflictTitle}
      >
        {conflict && (
          <Stack>
            <Text size="sm">{s.conflictBody(formatRange(conflict.start, conflict.end))}</Text>
            <Text size="sm" c="dimmed">
              {conflict.message}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  conflict.revert();
                  setConflict(undefined);
                }}
              >
                {s.keepOld}
              </Button>
              <Button color="orange" loading={reschedule.isPending} onClick={insist}>
                {s.doubleBook}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
