import type { Booking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { useVisit, visitStore } from '../../../lib/visit-store.ts';
import { useRefreshAvailability } from '../api/availability-queries.ts';
import { useCreateVisit } from '../api/create-booking.ts';
import { useVisitSlots, type VisitSlot } from '../api/visit-availability.ts';
import { Confirmation } from '../components/confirmation.tsx';
import {
  ContactFields,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from '../components/contact-fields.tsx';
import { SlotGrid } from '../components/slot-grid.tsx';
import { TimeZoneSelect } from '../components/time-zone-select.tsx';
import { explainBookingError, type BookingProblem } from '../lib/booking-errors.ts';
import { dayKey, formatDay, formatTime, useTimeZone } from '../lib/time.ts';

/** Several appointments back to back in one visit: one time for the whole sequence, booked all or nothing. */
export function VisitPage() {
  const visit = useVisit();
  const auth = useAuth();
  const createVisit = useCreateVisit();
  const refreshAvailability = useRefreshAvailability();
  const [timeZone, setTimeZone] = useTimeZone();
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<VisitSlot | null>(null);
  const [contact, setContact] = useState<ContactValues>({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
  });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [problem, setProblem] = useState<BookingProblem | null>(null);
  const [booked, setBooked] = useState<Array<WithDates<Booking>> | null>(null);
  const today = dayKey(new Date(), timeZone);

  const slots = useVisitSlots(
    visit.map((item) => item.serviceId),
    day,
    timeZone,
  );

  if (booked) {
    const names = new Map(visit.map((item) => [item.serviceId, item.name]));
    return (
      <Container size="lg" py="xl">
        <Confirmation
          bookings={booked}
          title={(booking) =>
            names.get(booking.bookedEntity.slot?.serviceId ?? '') ?? booking.bookedEntity.title ?? ''
          }
          timeZone={timeZone}
          guest={auth.status !== 'member'}
        />
      </Container>
    );
  }

  const submit = async () => {
    const found = validateContact(contact, undefined, {});
    setErrors(found);
    if (Object.keys(found).length > 0 || !slot) return;
    setProblem(null);
    const contactDetails = {
      firstName: contact.firstName.trim(),
      ...(contact.lastName.trim() ? { lastName: contact.lastName.trim() } : {}),
      email: contact.email.trim(),
      ...(contact.phone.trim() ? { phone: contact.phone.trim() } : {}),
      timeZone,
    };
    try {
      const result = await createVisit.mutateAsync({
        multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
        bookings: slot.parts.map((part) => ({
          bookedEntity: {
            slot: {
              serviceId: part.serviceId,
              startDate: part.start,
              ...(part.staffId ? { resource: { id: part.staffId } } : {}),
            },
          },
          contactDetails,
          selectedPaymentOption: 'OFFLINE',
        })),
      });
      setBooked(result.bookings.map((entry) => entry.booking));
      visitStore.clear();
    } catch (error) {
      setProblem(explainBookingError(error));
      setSlot(null);
      void refreshAvailability();
    }
  };

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t.booking.visit.title}
          </Title>
          <Text c="dimmed">{t.booking.visit.subtitle}</Text>
        </Stack>
        {visit.length === 0 ? (
          <Card p="xl">
            <Stack align="center" gap="sm">
              <Text c="dimmed">{t.booking.visit.empty}</Text>
              <Button component={Link} to="/services">
                {t.booking.visit.browse}
              </Button>
            </Stack>
          </Card>
        ) : (
          <Card p="md">
            <Stack gap="xs">
              {visit.map((item, index) => (
                <Group key={item.serviceId} justify="space-between">
                  <Text fw={600}>
                    {index + 1}. {item.name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t.booking.visit.remove(item.name)}
                    onClick={() => visitStore.remove(item.serviceId)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button component={Link} to="/services" variant="subtle" size="xs">
                  {t.booking.visit.addService}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
        {visit.length === 1 ? <Alert color="blue">{t.booking.visit.needTwo}</Alert> : null}
        {problem ? (
          <Alert color="orange" title={problem.title} role="alert" data-testid="booking-problem">
            {problem.message}
          </Alert>
        ) : null}
        {visit.length >= 2 ? (
          <>
            <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
            <Group align="flex-start" gap="xl">
              <DatePicker
                value={day}
                onChange={(next) => {
                  setDay(next);
                  setSlot(null);
                }}
                minDate={today}
              />
              <Stack gap="xs" style={{ flex: 1, minWidth: 240 }}>
                <Title order={3} fz="md">
                  {day ? t.booking.timesFor(formatDay(day)) : t.booking.slotsLabel}
                </Title>
                {!day ? (
                  <Text size="sm" c="dimmed">
                    {t.booking.pickDayFirst}
                  </Text>
                ) : !slots.data ? (
                  <Skeleton h={100} />
                ) : slots.data.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t.booking.noTimes}
                  </Text>
                ) : (
                  <SlotGrid
                    slots={slots.data}
                    timeZone={timeZone}
                    value={slot?.key ?? null}
                    onChange={(next) => setSlot(next as VisitSlot)}
                    label={t.booking.slotsLabel}
                  />
                )}
                {slot ? (
                  <Stack gap={2} mt="sm">
                    {slot.parts.map((part) => (
                      <Text key={part.serviceId} size="sm">
                        {formatTime(part.start, timeZone)} – {formatTime(part.end, timeZone)} ·{' '}
                        {visit.find((item) => item.serviceId === part.serviceId)?.name}
                      </Text>
                    ))}
                  </Stack>
                ) : null}
              </Stack>
            </Group>
            {slot ? (
              <Card p="lg">
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    {t.booking.detailsTitle}
                  </Title>
                  <ContactFields
                    values={contact}
                    onChange={setContact}
                    errors={errors}
                    form={undefined}
                    answers={{}}
                    onAnswer={() => undefined}
                  />
                  <Group justify="flex-end">
                    <Button onClick={() => void submit()} loading={createVisit.isPending}>
                      {t.booking.visit.bookVisit}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
