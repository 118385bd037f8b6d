import type { Service, TimeSlot } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { ApplicationError, InvalidArgumentError } from '@atrium/sdk';
import { contactDetailsSchema } from '@atrium/contract/bookings/lifecycle';
import { Alert, Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from './strings.ts';
import { errorMessage } from '../shared/errors.ts';
import { useAddParticipant } from './api/calendar-changes.ts';

const s = t.calendarSession;
const f = t.calendarSlot;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  participants: number;
  notify: boolean;
}

const initialValues: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  participants: 1,
  notify: true,
};

/** What the server said, in words the owner can act on; the server's own text when it is not one we know. */
function explain(error: unknown): string {
  if (error instanceof InvalidArgumentError) {
    return error.fieldViolations.map((violation) => `${violation.field}: ${violation.description}`).join(' ');
  }
  if (error instanceof ApplicationError && s.errors[error.code]) return s.errors[error.code]!;
  return errorMessage(error);
}

/**
 * Books a customer into one class session (or enrols them in a course) through the same create call as the
 * site's booking page. A full session with room on its waitlist takes the customer onto the waitlist, as
 * the server decides; `blocked` says why nobody can be added, and then the form stays closed.
 */
export function AddParticipantForm({
  session,
  service,
  waitlisting,
  blocked,
}: {
  session: TimeSlot;
  service: WithDates<Service>;
  /** The session is full but its waitlist has room: the button says so. */
  waitlisting: boolean;
  blocked: string | undefined;
}) {
  const [problem, setProblem] = useState<string>();
  const form = useForm<Values>({
    initialValues,
    validate: {
      firstName: (value) => (value.trim() ? null : f.required),
      email: (value) =>
        value.trim() && contactDetailsSchema.shape.email.safeParse(value.trim()).success
          ? null
          : f.invalidEmail,
      participants: (value) => (Number.isInteger(value) && value >= 1 ? null : f.required),
    },
  });

  const add = useAddParticipant({
    onSuccess: (booking) => {
      notifications.show({
        color: 'teal',
        message: booking.status === 'WAITING_LIST' ? s.waitlisted : s.added,
      });
      form.setValues(initialValues);
      form.resetDirty();
    },
    // The form says why, next to the fields.
    onError: (error) => setProblem(explain(error)),
    failure: false,
  });

  function submit(values: Values) {
    setProblem(undefined);
    add.mutate({
      service,
      session,
      contact: {
        firstName: values.firstName.trim(),
        ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
        email: values.email.trim(),
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      },
      participants: values.participants,
      notify: values.notify,
    });
  }

  if (blocked) {
    return (
      <Alert color="gray" variant="light" data-testid="session-closed">
        {blocked}
      </Alert>
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} aria-label={s.addParticipant} noValidate>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" variant="light" title={s.failedTitle} role="alert">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label={f.firstName} required {...form.getInputProps('firstName')} />
          <TextInput label={f.lastName} {...form.getInputProps('lastName')} />
          <TextInput label={f.email} type="email" required {...form.getInputProps('email')} />
          <TextInput label={f.phone} type="tel" {...form.getInputProps('phone')} />
          <NumberInput label={f.participants} min={1} max={1000} {...form.getInputProps('participants')} />
        </SimpleGrid>
        <Checkbox label={f.notify} {...form.getInputProps('notify', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} color={waitlisting ? 'grape' : undefined}>
            {waitlisting ? s.addToWaitlist : s.addParticipant}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
