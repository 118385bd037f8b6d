import type { ExtendedBooking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { csvDocument } from '../../../lib/csv.ts';
import { useNames } from '../shared/api/catalogue.ts';
import { BookingDrawer } from '../shared/booking-drawer.tsx';
import { bookingServiceId, contactName, formatDateTime } from '../shared/format.ts';
import {
  EmptyState,
  LoadError,
  Loading,
  PageHeader,
  PagePicker,
  PaymentBadge,
  StatusBadge,
} from '../shared/ui.tsx';
import {
  useAllBookings,
  useBookingsList,
  useBulkStatus,
  type ListFilters,
  type ListSort,
  type SortField,
} from './api/bookings-list.ts';

const s = t.bookingsList;
const pageSize = 20;
// Dates and badges stay whole on one line; names and services wrap instead.
const noWrap = { whiteSpace: 'nowrap' } as const;
/** Every booking, filtered, sorted and paged on the server; bulk actions and CSV export. */
export function BookingsListPage() {
  const { services, staff, serviceNames, staffNames } = useNames();
  const [filters, setFilters] = useState<ListFilters>({
    statuses: [],
    serviceIds: [],
    staffId: null,
    email: '',
    when: 'upcoming',
  });
  const [sort, setSort] = useState<ListSort>({
    field: 'startDate',
    order: 'ASC',
  });
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<string>();
  const [exported, setExported] = useState(0);

  const list = useBookingsList(filters, sort, page, pageSize);
  const rows = list.data?.items ?? [];

  const bulk = useBulkStatus({
    onSuccess: ({ done, total }) => {
      notifications.show({ color: done === total ? 'teal' : 'orange', message: s.bulkDone(done, total) });
      setChecked(new Set());
    },
  });
  const bulkChange = (kind: 'confirm' | 'decline') =>
    bulk.mutate({
      kind,
      selection: rows
        .filter((row) => checked.has(row.booking.id))
        .map(({ booking }) => ({ bookingId: booking.id, revision: booking.revision })),
    });
  const exportAll = useAllBookings({ onSuccess: (all) => downloadCsv(all) });

  function change(next: Partial<ListFilters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setChecked(new Set());
  }

  function toggleSort(field: SortField) {
    setSort((current) => ({
      field,
      order: current.field === field && current.order === 'ASC' ? 'DESC' : 'ASC',
    }));
    setPage(1);
  }

  function exportCsv() {
    setExported(0);
    exportAll.mutate({ filters, sort, onProgress: setExported });
  }

  function downloadCsv(all: WithDates<ExtendedBooking>[]) {
    const header = [
      'id',
      'status',
      'payment',
      'start',
      'end',
      'service',
      'staff',
      'customer',
      'email',
      'phone',
      'participants',
      'attendance',
    ];
    const rows = all.map(({ booking, attendanceInfo }) => [
      booking.id,
      booking.status,
      booking.paymentStatus,
      booking.startDate.toISOString(),
      booking.endDate.toISOString(),
      serviceNames.get(bookingServiceId(booking) ?? '') ?? '',
      staffNames.get(booking.bookedEntity.slot?.resource?.id ?? '') ?? '',
      contactName(booking.contactDetails),
      booking.contactDetails?.email ?? '',
      booking.contactDetails?.phone ?? '',
      booking.totalParticipants,
      attendanceInfo?.attendanceStatus ?? 'NOT_SET',
    ]);
    const blob = new Blob([csvDocument(header, rows)], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `bookings-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  const allChecked = rows.length > 0 && rows.every((row) => checked.has(row.booking.id));
  const SortIcon = sort.order === 'ASC' ? IconArrowUp : IconArrowDown;
  const sortHeader = (field: SortField, label: string) => (
    <UnstyledButton onClick={() => toggleSort(field)} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        {sort.field === field && <SortIcon size={14} />}
      </Group>
    </UnstyledButton>
  );

  return (
    <>
      <PageHeader
        title={s.title}
        description={s.description}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={exportAll.isPending}
            onClick={exportCsv}
          >
            {exportAll.isPending ? s.exporting(exported, list.data?.totalCount ?? 0) : s.export}
          </Button>
        }
      />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={s.when}
          data={[
            { value: 'upcoming', label: s.upcoming },
            { value: 'past', label: s.past },
            { value: 'all', label: s.all },
          ]}
          value={filters.when}
          onChange={(when) => change({ when: (when ?? 'all') as ListFilters['when'] })}
          allowDeselect={false}
          w={150}
        />
        <MultiSelect
          label={s.status}
          placeholder={s.any}
          data={Object.entries(shared.statuses).map(([value, label]) => ({ value, label }))}
          value={filters.statuses}
          onChange={(statuses) => change({ statuses })}
          clearable
          w={220}
        />
        <MultiSelect
          label={s.service}
          placeholder={s.any}
          data={(services.data ?? []).map((service) => ({ value: service.id, label: service.name }))}
          value={filters.serviceIds}
          onChange={(serviceIds) => change({ serviceIds })}
          clearable
          searchable
          w={220}
        />
        <Select
          label={s.staff}
          placeholder={s.any}
          data={(staff.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
          value={filters.staffId}
          onChange={(staffId) => change({ staffId })}
          clearable
          w={180}
        />
        <TextInput
          label={s.email}
          placeholder="customer@example.com"
          value={filters.email}
          onChange={(event) => change({ email: event.currentTarget.value })}
          w={220}
        />
      </Group>
      {checked.size > 0 && (
        <Group mb="sm" gap="sm">
          <Text size="sm">{s.selected(checked.size)}</Text>
          <Button size="xs" loading={bulk.isPending} onClick={() => bulkChange('confirm')}>
            {s.bulkConfirm}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={bulk.isPending}
            onClick={() => bulkChange('decline')}
          >
            {s.bulkDecline}
          </Button>
        </Group>
      )}
      <Card p={0}>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError error={list.error} />
        ) : rows.length === 0 ? (
          <EmptyState title={s.empty} body={s.emptyBody} />
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={s.selectAll}
                      checked={allChecked}
                      onChange={() =>
                        setChecked(allChecked ? new Set() : new Set(rows.map((row) => row.booking.id)))
                      }
                    />
                  </Table.Th>
                  <Table.Th>{sortHeader('startDate', s.start)}</Table.Th>
                  <Table.Th>{s.customer}</Table.Th>
                  <Table.Th>{s.service}</Table.Th>
                  <Table.Th>{s.staff}</Table.Th>
                  <Table.Th>{s.status}</Table.Th>
                  <Table.Th>{s.payment}</Table.Th>
                  <Table.Th>{sortHeader('createdDate', s.created)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ booking }) => (
                  <Table.Tr
                    key={booking.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => setSelected(booking.id)}
                  >
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        aria-label={s.selectOne}
                        checked={checked.has(booking.id)}
                        onChange={() =>
                          setChecked((current) => {
                            const next = new Set(current);
                            if (next.has(booking.id)) next.delete(booking.id);
                            else next.add(booking.id);
                            return next;
                          })
                        }
                      />
                    </Table.Td>
                    <Table.Td style={noWrap}>{formatDateTime(booking.startDate)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {contactName(booking.contactDetails)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {booking.contactDetails?.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{serviceNames.get(bookingServiceId(booking) ?? '') ?? '—'}</Table.Td>
                    <Table.Td>
                      {staffNames.get(booking.bookedEntity.slot?.resource?.id ?? '') ?? '—'}
                    </Table.Td>
                    <Table.Td style={noWrap}>
                      <Box w="max-content">
                        <StatusBadge status={booking.status} />
                      </Box>
                    </Table.Td>
                    <Table.Td style={noWrap}>
                      <Box w="max-content">
                        <PaymentBadge status={booking.paymentStatus} />
                      </Box>
                    </Table.Td>
                    <Table.Td style={noWrap}>{formatDateTime(booking.createdDate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {s.total(list.data?.totalCount ?? 0)}
        </Text>
        <PagePicker total={list.data?.totalPages ?? 1} value={page} onChange={setPage} />
      </Group>
      <BookingDrawer bookingId={selected} onClose={() => setSelected(undefined)} />
    </>
  );
}
