import type { Booking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconHourglass } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { t } from '../strings.ts';
import { downloadIcs } from '../lib/ics.ts';
import { formatWhen } from '../lib/time.ts';

/** What the visitor sees once booked: the outcome, the time, a calendar file, and (guests) an account offer. */
export function Confirmation({
  bookings,
  title,
  location,
  timeZone,
  guest,
}: {
  bookings: Array<WithDates<Booking>>;
  title: (booking: WithDates<Booking>) => string;
  location?: string;
  timeZone: string;
  guest: boolean;
}) {
  const first = bookings[0]!;
  const status = first.status;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The outcome takes the focus from the button that confirmed (gone now), so screen readers announce it
  // and the keyboard goes on from here rather than from the top of the page.
  useEffect(() => headingRef.current?.focus(), []);
  const heading =
    status === 'WAITING_LIST'
      ? t.booking.waitlistTitle
      : status === 'PENDING'
        ? t.booking.pendingTitle
        : bookings.length > 1
          ? t.booking.visit.booked
          : t.booking.confirmedTitle;
  const body =
    status === 'WAITING_LIST'
      ? t.booking.waitlistBody
      : status === 'PENDING'
        ? t.booking.pendingBody
        : t.booking.confirmedBody(first.contactDetails?.email ?? '');
  return (
    <Stack gap="lg" maw={640} mx="auto" py="xl" data-testid="booking-confirmation">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" color={status === 'CONFIRMED' ? 'brand' : 'yellow'}>
          {status === 'CONFIRMED' ? <IconCheck size={34} /> : <IconHourglass size={34} />}
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }} ref={headingRef} tabIndex={-1}>
          {heading}
        </Title>
        <Text c="dimmed">{body}</Text>
      </Stack>
      {bookings.map((booking) => (
        <Card key={booking.id} p="lg">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Text fw={700}>{title(booking)}</Text>
              <Text data-testid="confirmed-when">{formatWhen(booking.startDate, timeZone)}</Text>
              {location ? (
                <Text size="sm" c="dimmed">
                  {location}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {t.booking.statuses[booking.status]}
              </Text>
            </Stack>
            <Button
              variant="light"
              leftSection={<IconCalendarPlus size={16} />}
              onClick={() =>
                downloadIcs({
                  id: booking.id,
                  title: title(booking),
                  start: booking.startDate,
                  end: booking.endDate,
                  ...(location ? { location } : {}),
                })
              }
            >
              {t.booking.addToCalendar}
            </Button>
          </Group>
        </Card>
      ))}
      {guest ? (
        <Card p="lg" bg="var(--mantine-color-brand-light)">
          <Stack gap="xs">
            <Text fw={700}>{t.booking.guestSignUpTitle}</Text>
            <Text size="sm">{t.booking.guestSignUp}</Text>
            <Group>
              <Button component={Link} to="/account/register">
                {t.booking.createAccount}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
      <Group justify="center">
        {!guest ? (
          <Button component={Link} to="/account/bookings" variant="default">
            {t.booking.viewBookings}
          </Button>
        ) : null}
        <Button component={Link} to="/services" variant="subtle">
          {t.booking.bookAnother}
        </Button>
      </Group>
    </Stack>
  );
}
