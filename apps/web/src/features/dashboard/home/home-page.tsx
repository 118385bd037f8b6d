import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from './strings.ts';
import { bookingsKey, useBookingAction } from '../shared/booking-actions.ts';
import { BookingDrawer } from '../shared/booking-drawer.tsx';
import { useNames } from '../shared/catalogue-data.ts';
import { admin } from '../shared/dashboard-client.ts';
import { bookingServiceId, contactName, formatDateTime, formatTime, localDay } from '../shared/format.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, LoadError, Loading, PageHeader, StatusBadge } from '../shared/ui.tsx';

const s = t.home;

function startOfDay(date: Date): Date {
  const copy = new Date(date);
  copy.setHours(0, 0, 0, 0);
  return copy;
}

function addDays(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

/** Today at a glance: the day's bookings, what waits for approval, and the last 30 days. */
export function HomePage() {
  const session = useSession();
  const { serviceNames } = useNames();
  const [selected, setSelected] = useState<string>();
  const action = useBookingAction();
  const today = startOfDay(new Date());

  const todays = useQuery({
    queryKey: [...bookingsKey, 'today', today.toISOString()],
    queryFn: async () =>
      (
        await admin.bookings
          .queryExtendedBookings()
          .ge('startDate', today)
          .lt('startDate', addDays(today, 1))
          .in('status', ['CONFIRMED', 'PENDING', 'CREATED', 'WAITING_LIST'])
          .ascending('startDate')
          .limit(50)
          .find()
      ).items,
  });

  const pending = useQuery({
    queryKey: [...bookingsKey, 'pending'],
    queryFn: () =>
      admin.bookings
        .queryExtendedBookings({ withBookingAllowedActions: true })
        .eq('status', 'PENDING')
        .ascending('startDate')
        .limit(10)
        .find(),
  });

  // One server-side count per local day: exact whatever the volume (a busy site has thousands of
  // bookings a month), and each count is an index range scan, so the 30 small requests stay cheap.
  const chart = useQuery({
    queryKey: [...bookingsKey, 'per-day', today.toISOString()],
    queryFn: async () => {
      const from = addDays(today, -29);
      return Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const day = addDays(from, index);
          const count = await admin.bookings.countExtendedBookings({
            startDate: { $gte: day.toISOString(), $lt: addDays(day, 1).toISOString() },
            status: { $in: ['CONFIRMED', 'PENDING', 'CREATED'] },
          });
          return { day: localDay(day).slice(5), bookings: count };
        }),
      );
    },
  });

  const name = session.identity.identityProfile?.firstName;
  return (
    <>
      <PageHeader title={name ? s.greetingName(name) : s.greeting} description={s.description} />
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="lg">
        <Card>
          <Text size="sm" c="dimmed">
            {s.todayCount}
          </Text>
          <Title order={2}>{todays.data?.length ?? '–'}</Title>
        </Card>
        <Card>
          <Text size="sm" c="dimmed">
            {s.pendingCount}
          </Text>
          <Title order={2}>{pending.data?.totalCount ?? '–'}</Title>
        </Card>
        <Card>
          <Text size="sm" c="dimmed">
            {s.monthCount}
          </Text>
          <Title order={2} data-testid="month-count">
            {chart.data ? chart.data.reduce((sum, row) => sum + row.bookings, 0) : '–'}
          </Title>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} mb="lg">
        <Card>
          <Title order={4} mb="sm">
            {s.today}
          </Title>
          {todays.isPending ? (
            <Loading />
          ) : todays.isError ? (
            <LoadError error={todays.error} />
          ) : todays.data.length === 0 ? (
            <EmptyState title={s.noneToday} />
          ) : (
            <Stack gap="xs">
              {todays.data.map(({ booking }) => (
                <Group
                  key={booking.id}
                  justify="space-between"
                  wrap="nowrap"
                  style={{ cursor: 'pointer' }}
                  onClick={() => setSelected(booking.id)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Badge variant="light" color="gray" miw={72} style={{ flexShrink: 0 }}>
                      {formatTime(booking.startDate)}
                    </Badge>
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {contactName(booking.contactDetails)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {serviceNames.get(bookingServiceId(booking) ?? '') ?? ''}
                      </Text>
                    </Stack>
                  </Group>
                  <StatusBadge status={booking.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card>
          <Title order={4} mb="sm">
            {s.pending}
          </Title>
          {pending.isPending ? (
            <Loading />
          ) : pending.isError ? (
            <LoadError error={pending.error} />
          ) : pending.data.items.length === 0 ? (
            <EmptyState title={s.nonePending} />
          ) : (
            <Stack gap="xs">
              {pending.data.items.map(({ booking }) => (
                <Group key={booking.id} justify="space-between" wrap="nowrap" data-testid="pending-approval">
                  <Stack gap={0} style={{ cursor: 'pointer' }} onClick={() => setSelected(booking.id)}>
                    <Text size="sm" fw={500}>
                      {contactName(booking.contactDetails)} ·{' '}
                      {serviceNames.get(bookingServiceId(booking) ?? '') ?? ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(booking.startDate)}
                    </Text>
                  </Stack>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="xs"
                      loading={action.isPending}
                      onClick={() => action.mutate({ kind: 'confirm', booking })}
                    >
                      {s.approve}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={action.isPending}
                      onClick={() => action.mutate({ kind: 'decline', booking })}
                    >
                      {s.decline}
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <Card>
        <Title order={4} mb="md">
          {s.chart}
        </Title>
        {chart.isPending ? (
          <Loading />
        ) : chart.isError ? (
          <LoadError error={chart.error} />
        ) : (
          <BarChart
            h={260}
            data={chart.data}
            dataKey="day"
            series={[{ name: 'bookings', label: s.chartSeries, color: 'brand.6' }]}
            tickLine="y"
            gridAxis="y"
            yAxisProps={{ allowDecimals: false }}
          />
        )}
      </Card>
      <BookingDrawer bookingId={selected} onClose={() => setSelected(undefined)} />
    </>
  );
}
