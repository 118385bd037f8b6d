import type { Service, StaffMember } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { t } from './strings.ts';
import { errorCode, errorMessage } from '../shared/errors.ts';
import { formatRange } from '../shared/format.ts';
import { useBlockTime, useBookSlot } from './api/calendar-changes.ts';

const s = t.calendarSlot;
// What the server answers when the time is taken or breaks the rules; the business may still insist.
const conflictCodes = new Set([
  'SLOT_NOT_AVAILABLE',
  'SESSION_CAPACITY_EXCEEDED',
  'BOOKING_POLICY_VIOLATION',
]);

export interface SlotSelection {
  start: Date;
  end: Date;
  /** The staff member the calendar is filtered to, if exactly one. */
  staffId?: string;
}

interface Values {
  kind: 'booking' | 'block';
  serviceId: string | null;
  staffId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  participants: number;
  notify: boolean;
  reason: string;
}

/**
 * An empty time clicked in the calendar: book a customer into it (the server checks availability; a
 * conflict asks before double-booking) or block it for a staff member (time off, which removes availability).
 */
export function SlotDialog({
  selection,
  services,
  staff,
  onClose,
}: {
  selection: SlotSelection | undefined;
  services: WithDates<Service>[];
  staff: WithDates<StaffMember>[];
  onClose: () => void;
}) {
  const [conflict, setConflict] = useState<string>();
  const isConflict = (error: Error) => conflictCodes.has(errorCode(error) ?? '');
  const book = useBookSlot({
    onSuccess: () => notifications.show({ color: 'teal', message: s.created }),
    // A conflict asks whether to double-book instead; an insist that fails is told.
    failure: { message: (error, { force }) => (!force && isConflict(error) ? null : errorMessage(error)) },
  });
  const blockTime = useBlockTime({
    onSuccess: () => notifications.show({ color: 'teal', message: s.blocked }),
  });
  const saving = book.isPending || blockTime.isPending;
  const appointments = services.filter((service) => service.type === 'APPOINTMENT');
  const form = useForm<Values>({
    initialValues: {
      kind: 'booking',
      serviceId: null,
      staffId: null,
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      participants: 1,
      notify: true,
      reason: '',
    },
    validate: {
      serviceId: (value, values) => (values.kind === 'booking' && !value ? s.required : null),
      staffId: (value) => (!value ? s.required : null),
      firstName: (value, values) => (values.kind === 'booking' && !value.trim() ? s.required : null),
      email: (value, values) =>
        values.kind === 'booking' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? s.invalidEmail : null,
    },
  });

  useEffect(() => {
    if (!selection) return;
    form.setValues({ staffId: selection.staffId ?? null });
    setConflict(undefined);
    // Only a new selection resets the staff member; the rest of the form keeps what was typed.
  }, [selection]);

  const service = appointments.find((item) => item.id === form.values.serviceId);
  // A booking lasts as long as its service, whatever length of time was selected.
  const minutes = service?.schedule.availabilityConstraints?.durations?.[0]?.minutes;
  const shownEnd =
    selection && form.values.kind === 'booking' && minutes
      ? new Date(selection.start.getTime() + minutes * 60_000)
      : selection?.end;
  const staffChoices = staff
    .filter(
      (member) => form.values.kind === 'block' || !service || service.staffMemberIds?.includes(member.id),
    )
    .map((member) => ({ value: member.id, label: member.name ?? '' }));

  function close() {
    form.reset();
    setConflict(undefined);
    onClose();
  }

  function submit(values: Values, force = false) {
    if (!selection) return;
    if (values.kind === 'booking') {
      book.mutate(
        {
          serviceId: values.serviceId!,
          staffId: values.staffId!,
          start: selection.start,
          contact: {
            firstName: values.firstName.trim(),
            ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
            email: values.email.trim(),
            ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
          },
          participants: values.participants,
          notify: values.notify,
          force,
        },
        {
          onSuccess: close,
          onError: (error) => {
            if (!force && isConflict(error)) setConflict(errorMessage(error));
          },
        },
      );
    } else {
      blockTime.mutate(
        {
          staffId: values.staffId!,
          timeOff: {
            startDate: selection.start.toISOString(),
            endDate: selection.end.toISOString(),
            ...(values.reason.trim() ? { title: values.reason.trim() } : {}),
          },
        },
        { onSuccess: close },
      );
    }
  }

  return (
    <Modal opened={Boolean(selection)} onClose={close} title={s.title} size="lg">
      {selection && conflict ? (
        <Stack>
          <Text size="sm">{s.conflictBody}</Text>
          <Text size="sm" c="dimmed">
            {conflict}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConflict(undefined)}>
              {s.back}
            </Button>
            <Button color="orange" loading={saving} onClick={() => submit(form.values, true)}>
              {s.bookAnyway}
            </Button>
          </Group>
        </Stack>
      ) : selection ? (
        <form onSubmit={form.onSubmit((values) => submit(values))}>
          <Stack>
            <SegmentedControl
              data={[
                { value: 'booking', label: s.kindBooking },
                { value: 'block', label: s.kindBlock },
              ]}
              {...form.getInputProps('kind')}
            />
            <Text size="sm">
              <Text span c="dimmed">
                {s.when}:{' '}
              </Text>
              {formatRange(selection.start, shownEnd ?? selection.end)}
            </Text>
            {form.values.kind === 'booking' ? (
              appointments.length === 0 ? (
                <Alert color="yellow">{s.noServices}</Alert>
              ) : (
                <>
                  <SimpleGrid cols={2}>
                    <Select
                      label={s.service}
                      placeholder={s.pickService}
                      data={appointments.map((item) => ({ value: item.id, label: item.name ?? '' }))}
                      searchable
                      {...form.getInputProps('serviceId')}
                      onChange={(serviceId) => {
                        form.setFieldValue('serviceId', serviceId);
                        const chosen = appointments.find((item) => item.id === serviceId);
                        const staffId = form.values.staffId;
                        if (staffId && !chosen?.staffMemberIds?.includes(staffId)) {
                          form.setFieldValue('staffId', chosen?.staffMemberIds?.[0] ?? null);
                        } else if (!staffId) {
                          form.setFieldValue('staffId', chosen?.staffMemberIds?.[0] ?? null);
                        }
                      }}
                    />
                    <Select
                      label={s.staff}
                      placeholder={s.pickStaff}
                      data={staffChoices}
                      {...form.getInputProps('staffId')}
                    />
                    <TextInput label={s.firstName} {...form.getInputProps('firstName')} />
                    <TextInput label={s.lastName} {...form.getInputProps('lastName')} />
                    <TextInput label={s.email} type="email" {...form.getInputProps('email')} />
                    <TextInput label={s.phone} type="tel" {...form.getInputProps('phone')} />
                    <NumberInput
                      label={s.participants}
                      min={1}
                      max={100}
                      {...form.getInputProps('participants')}
                    />
                  </SimpleGrid>
                  <Checkbox label={s.notify} {...form.getInputProps('notify', { type: 'checkbox' })} />
                </>
              )
            ) : (
              <>
                <SimpleGrid cols={2}>
                  <Select
                    label={s.staff}
                    placeholder={s.pickStaff}
                    data={staffChoices}
                    {...form.getInputProps('staffId')}
                  />
                  <TextInput
                    label={s.blockTitle}
                    placeholder={s.blockPlaceholder}
                    {...form.getInputProps('reason')}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {s.blockHint}
                </Text>
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {s.cancel}
              </Button>
              <Button
                type="submit"
                loading={saving}
                disabled={form.values.kind === 'booking' && appointments.length === 0}
              >
                {form.values.kind === 'booking' ? s.create : s.block}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
