import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { t } from './strings.ts';
import { useStatusChange } from '../shared/status-change-modal.tsx';
import { useBookingsPerDay, usePendingBookings, useTodaysBookings } from './api/home-bookings.ts';
import { useSession } from '../shared/session.tsx';
import { BookingDrawer } from '../shared/booking-drawer.tsx';
import { contactName, formatDateTime, formatTime } from '../shared/format.ts';
import { EmptyState, LoadError, Loading, PageHeader, StatusBadge } from '../shared/ui.tsx';

const s = t.home;

function startOfDay(date: Date): Date {
  const copy = new Date(date);
  copy.setHours(0, 0, 0, 0);
  return copy;
}

/** Today at a glance: the day's bookings, what waits for approval, and the last 30 days. */
export function HomePage() {
  const session = useSession();
  const [selected, setSelected] = useState<string>();
  const statusChange = useStatusChange();
  const today = startOfDay(new Date());

  const todays = useTodaysBookings(today);
  const pending = usePendingBookings();
  const chart = useBookingsPerDay(today);

  const name = session.identity.identityProfile?.firstName;
  return (
    <>
      <PageHeader title={name ? s.greetingName(name) : s.greeting} description={s.description} />
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="lg">
        <Card>
          <Text size="sm" c="dimmed">
            {s.todayCount}
          </Text>
          <Title order={2} data-testid="today-count">
            {todays.data?.length ?? '–'}
          </Title>
        </Card>
        <Card>
          <Text size="sm" c="dimmed">
            {s.pendingCount}
          </Text>
          <Title order={2} data-testid="pending-count">
            {pending.data?.totalCount ?? '–'}
          </Title>
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
                        {booking.bookedEntity.title ?? ''}
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
                      {contactName(booking.contactDetails)} · {booking.bookedEntity.title ?? ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(booking.startDate)}
                    </Text>
                  </Stack>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="xs"
                      loading={statusChange.isPending}
                      onClick={() => statusChange.ask('confirm', booking)}
                    >
                      {s.approve}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={statusChange.isPending}
                      onClick={() => statusChange.ask('decline', booking)}
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
      {statusChange.modal}
    </>
  );
}
