import { Alert, Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from '../strings.ts';
import { useService } from '../../../lib/site-services.ts';
import { useRefreshAvailability, type PickableSlot } from '../api/availability-queries.ts';
import { AppointmentPicker } from './appointment-picker.tsx';
import { SessionList } from './session-list.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';
import { explainBookingError } from '../lib/booking-errors.ts';
import { formatWhen, useTimeZone } from '../lib/time.ts';

/** The slot a booking moves to, as the reschedule calls take it. */
export interface RescheduleSlot {
  serviceId: string;
  startDate: Date;
  resource?: { id: string };
  sessionId?: string;
  eventId?: string;
}

/** Where a booking is now: its service and the staff member it keeps for an appointment. */
export interface CurrentSlot {
  serviceId: string;
  resource?: { id?: string | null } | null;
}

/**
 * Picks a new time for a booking from the service's availability and moves it with `move` (a member's
 * booking, or a guest's through the link's token); a refusal is told in the modal and the times refreshed.
 */
export function RescheduleModal({
  current,
  move,
  onClose,
}: {
  current: CurrentSlot;
  move: (slot: RescheduleSlot) => Promise<{ startDate: Date }>;
  onClose: () => void;
}) {
  const refreshAvailability = useRefreshAvailability();
  const [timeZone, setTimeZone] = useTimeZone();
  const [slot, setSlot] = useState<PickableSlot | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const service = useService(current.serviceId);
  const save = async () => {
    if (!slot) return;
    setSaving(true);
    setProblem(null);
    try {
      const moved = await move({
        serviceId: current.serviceId,
        startDate: slot.start,
        ...(current.resource?.id && service.data?.type === 'APPOINTMENT'
          ? { resource: { id: current.resource.id } }
          : {}),
        ...(slot.sessionId ? { sessionId: slot.sessionId } : {}),
        ...(slot.eventId ? { eventId: slot.eventId } : {}),
      });
      notifications.show({
        color: 'brand',
        message: t.myBookings.rescheduled(formatWhen(moved.startDate, timeZone)),
      });
      onClose();
    } catch (error) {
      setProblem(explainBookingError(error).message);
      setSlot(null);
      void refreshAvailability();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t.myBookings.rescheduleTitle} size="xl" fullScreen={false}>
      <Stack gap="md">
        {problem ? (
          <Alert color="orange" role="alert">
            {problem}
          </Alert>
        ) : null}
        <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
        {!service.data ? (
          <Skeleton h={240} />
        ) : service.data.type === 'CLASS' ? (
          <SessionList
            serviceId={current.serviceId}
            timeZone={timeZone}
            value={slot}
            onChange={setSlot}
            waitlist={false}
          />
        ) : (
          <AppointmentPicker
            serviceId={current.serviceId}
            staffId={current.resource?.id ?? null}
            timeZone={timeZone}
            value={slot}
            onChange={setSlot}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.booking.back}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={!slot}
            loading={saving}
            data-testid="confirm-reschedule"
          >
            {t.myBookings.reschedule}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
