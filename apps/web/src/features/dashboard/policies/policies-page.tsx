import type { BookingPolicy, BookingPolicyInput } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, LoadError, Loading, NotAllowed, PageHeader } from '../shared/ui.tsx';
import { useBookingPolicies } from '../shared/api/catalogue.ts';
import { useMakeDefaultPolicy, useSavePolicy } from './api/policies.ts';

const s = t.policies;

interface Values {
  name: string;
  description: string;
  earliestEnabled: boolean;
  earliestDays: number;
  latestEnabled: boolean;
  latestHours: number;
  cancellation: boolean;
  cancelHours: number;
  reschedule: boolean;
  rescheduleHours: number;
  waitlist: boolean;
  waitlistCapacity: number;
  maxParticipants: number;
}

function valuesOf(policy: WithDates<BookingPolicy> | undefined): Values {
  return {
    name: policy?.name ?? '',
    description: policy?.customPolicyDescription?.description ?? '',
    earliestEnabled: policy?.limitEarlyBookingPolicy?.enabled ?? false,
    earliestDays: Math.round((policy?.limitEarlyBookingPolicy?.earliestBookingInMinutes ?? 43_200) / 1440),
    latestEnabled: policy?.limitLateBookingPolicy?.enabled ?? false,
    latestHours: Math.round((policy?.limitLateBookingPolicy?.latestBookingInMinutes ?? 60) / 60),
    cancellation: policy?.cancellationPolicy?.enabled ?? true,
    cancelHours: Math.round((policy?.cancellationPolicy?.latestCancellationInMinutes ?? 1440) / 60),
    reschedule: policy?.reschedulePolicy?.enabled ?? true,
    rescheduleHours: Math.round((policy?.reschedulePolicy?.latestRescheduleInMinutes ?? 1440) / 60),
    waitlist: policy?.waitlistPolicy?.enabled ?? false,
    waitlistCapacity: policy?.waitlistPolicy?.capacity ?? 10,
    maxParticipants: policy?.participantsPolicy?.maxParticipantsPerBooking ?? 1,
  };
}

function toInput(values: Values): BookingPolicyInput {
  return {
    name: values.name.trim(),
    customPolicyDescription: { enabled: Boolean(values.description.trim()), description: values.description },
    limitEarlyBookingPolicy: {
      enabled: values.earliestEnabled,
      earliestBookingInMinutes: values.earliestDays * 1440,
    },
    limitLateBookingPolicy: {
      enabled: values.latestEnabled,
      latestBookingInMinutes: values.latestHours * 60,
    },
    cancellationPolicy: {
      enabled: values.cancellation,
      limitLatestCancellation: values.cancelHours > 0,
      latestCancellationInMinutes: values.cancelHours * 60,
    },
    reschedulePolicy: {
      enabled: values.reschedule,
      limitLatestReschedule: values.rescheduleHours > 0,
      latestRescheduleInMinutes: values.rescheduleHours * 60,
    },
    waitlistPolicy: { enabled: values.waitlist, capacity: values.waitlistCapacity },
    participantsPolicy: { maxParticipantsPerBooking: values.maxParticipants },
  };
}

function PolicyForm({ policy, onClose }: { policy?: WithDates<BookingPolicy>; onClose: () => void }) {
  const [values, setValues] = useState<Values>(valuesOf(policy));
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const save = useSavePolicy({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.saved });
      onClose();
    },
  });
  const number = (field: keyof Values, label: string, max: number) => (
    <NumberInput
      label={label}
      min={0}
      max={max}
      value={values[field] as number}
      onChange={(value) => set(field, Number(value) || 0)}
    />
  );
  return (
    <Stack gap="sm">
      <TextInput
        label={s.name}
        required
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <Textarea
        label={s.text}
        autosize
        minRows={2}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
      <Switch
        label={s.earliest}
        checked={values.earliestEnabled}
        onChange={(event) => set('earliestEnabled', event.currentTarget.checked)}
      />
      {values.earliestEnabled && number('earliestDays', s.earliestDays, 365)}
      <Switch
        label={s.latest}
        checked={values.latestEnabled}
        onChange={(event) => set('latestEnabled', event.currentTarget.checked)}
      />
      {values.latestEnabled && number('latestHours', s.latestHours, 720)}
      <Switch
        label={s.cancellation}
        checked={values.cancellation}
        onChange={(event) => set('cancellation', event.currentTarget.checked)}
      />
      {values.cancellation && number('cancelHours', s.cancelHours, 720)}
      <Switch
        label={s.reschedule}
        checked={values.reschedule}
        onChange={(event) => set('reschedule', event.currentTarget.checked)}
      />
      {values.reschedule && number('rescheduleHours', s.rescheduleHours, 720)}
      <Switch
        label={s.waitlist}
        checked={values.waitlist}
        onChange={(event) => set('waitlist', event.currentTarget.checked)}
      />
      {values.waitlist && number('waitlistCapacity', s.waitlistCapacity, 10000)}
      {number('maxParticipants', s.maxParticipants, 1000)}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {shared.common.cancel}
        </Button>
        <Button
          loading={save.isPending}
          disabled={!values.name.trim()}
          onClick={() => save.mutate({ policy, input: toInput(values) })}
        >
          {shared.common.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** Booking policies: how early and late customers may book, cancel and reschedule, waitlists. */
export function PoliciesPage() {
  const session = useSession();
  const [editing, setEditing] = useState<{ policy?: WithDates<BookingPolicy> }>();
  const policies = useBookingPolicies(session.canManage);
  const makeDefault = useMakeDefaultPolicy();
  if (!session.canManage)
    return (
      <>
        <PageHeader title={s.title} />
        <NotAllowed />
      </>
    );
  return (
    <>
      <PageHeader
        title={s.title}
        description={s.description}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            {s.new}
          </Button>
        }
      />
      {policies.isPending ? (
        <Loading />
      ) : policies.isError ? (
        <LoadError error={policies.error} />
      ) : policies.data.length === 0 ? (
        <Card>
          <EmptyState title={s.empty} />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {policies.data.map((policy) => (
            <Card key={policy.id}>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>{policy.name ?? s.unnamed}</Text>
                {policy.default && <Badge variant="light">{s.default}</Badge>}
              </Group>
              <Stack gap={2} mb="md">
                <Text size="sm" c="dimmed">
                  {policy.cancellationPolicy?.enabled
                    ? s.cancelSummary(
                        Math.round((policy.cancellationPolicy.latestCancellationInMinutes ?? 0) / 60),
                      )
                    : s.noCancel}
                </Text>
                <Text size="sm" c="dimmed">
                  {policy.waitlistPolicy?.enabled
                    ? s.waitlistSummary(policy.waitlistPolicy.capacity ?? 0)
                    : s.noWaitlist}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.participantsSummary(policy.participantsPolicy?.maxParticipantsPerBooking ?? 1)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setEditing({ policy })}>
                  {s.edit}
                </Button>
                {!policy.default && (
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={makeDefault.isPending}
                    onClick={() => makeDefault.mutate(policy.id)}
                  >
                    {s.makeDefault}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        title={editing?.policy ? s.edit : s.new}
        size="lg"
      >
        {editing && <PolicyForm policy={editing.policy} onClose={() => setEditing(undefined)} />}
      </Modal>
    </>
  );
}
