import type { Order } from '@atrium/sdk/modules/ecom';
import { orderFulfillmentStatuses, orderPaymentStatuses } from '@atrium/contract/ecom/orders';
import { Anchor, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from './strings.ts';
import { EmptyState, LoadError, Loading, PageHeader } from '../shared/ui.tsx';
import { formatDateTime } from '../shared/format.ts';
import { useOrdersList } from './api/orders.ts';
import { FulfillmentBadge, OrderStatusBadges, PaymentStatusBadge } from './components/order-badges.tsx';
import { customerName } from './lib/order-text.ts';
import { noOrderFilters, type OrderFilters } from './lib/order-filters.ts';

const s = t.list;
const noWrap = { whiteSpace: 'nowrap' } as const;
// Statuses the clients define but this site's orders never take (order-state.ts) are left out of the filter.
const paymentFilters = orderPaymentStatuses.filter(
  (status) => status !== 'UNSPECIFIED' && status !== 'PENDING_MERCHANT',
);

function OrderRow({ order }: { order: Order }) {
  const navigate = useNavigate();
  const count = order.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const path = `/dashboard/orders/${encodeURIComponent(order.id)}`;
  return (
    <Table.Tr style={{ cursor: 'pointer' }} onClick={() => void navigate(path)} data-testid="order-row">
      <Table.Td style={noWrap}>
        <Anchor component={Link} to={path} fw={600} onClick={(event) => event.stopPropagation()}>
          {s.number(order.number)}
        </Anchor>
      </Table.Td>
      <Table.Td style={noWrap}>
        <Text size="sm">{formatDateTime(order.createdDate)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {customerName(order) || s.guest}
        </Text>
        <Text size="xs" c="dimmed">
          {order.buyerInfo.email}
        </Text>
      </Table.Td>
      <Table.Td style={noWrap}>
        <Group gap={6} wrap="nowrap">
          <PaymentStatusBadge status={order.paymentStatus} />
          <OrderStatusBadges order={order} />
        </Group>
      </Table.Td>
      <Table.Td style={noWrap}>
        <FulfillmentBadge status={order.fulfillmentStatus} />
      </Table.Td>
      <Table.Td style={noWrap}>
        <Text size="sm">{s.itemCount(count)}</Text>
      </Table.Td>
      <Table.Td style={noWrap} ta="right">
        <Text size="sm" fw={600}>
          {order.priceSummary.total.formattedAmount}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The shop's orders: search by number or email, filters by payment, fulfillment and tag, and more on demand. */
export function OrdersPage() {
  const [filters, setFilters] = useState<OrderFilters>(noOrderFilters);
  const [search] = useDebouncedValue(filters.search, 300);
  const [tag] = useDebouncedValue(filters.tag, 300);
  const list = useOrdersList({ ...filters, search, tag });
  const rows = list.data?.pages.flatMap((page) => page.orders) ?? [];
  const filtered = JSON.stringify(filters) !== JSON.stringify(noOrderFilters);
  const change = (patch: Partial<OrderFilters>) => setFilters((current) => ({ ...current, ...patch }));
  return (
    <>
      <PageHeader title={s.title} description={s.description} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={s.search}
          placeholder={s.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          type="search"
          value={filters.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
          w={260}
        />
        <Select
          label={s.paymentStatus}
          placeholder={s.any}
          data={paymentFilters.map((value) => ({ value, label: t.paymentStatus[value] }))}
          value={filters.paymentStatus}
          onChange={(value) => change({ paymentStatus: value as OrderFilters['paymentStatus'] })}
          clearable
          w={190}
        />
        <Select
          label={s.fulfillmentStatus}
          placeholder={s.any}
          data={orderFulfillmentStatuses.map((value) => ({ value, label: t.fulfillmentStatus[value] }))}
          value={filters.fulfillmentStatus}
          onChange={(value) => change({ fulfillmentStatus: value as OrderFilters['fulfillmentStatus'] })}
          clearable
          w={190}
        />
        <TextInput
          label={s.tag}
          placeholder={s.tagPlaceholder}
          leftSection={<IconTag size={16} />}
          value={filters.tag}
          onChange={(event) => change({ tag: event.currentTarget.value })}
          w={170}
        />
        {filtered ? (
          <Button variant="subtle" onClick={() => setFilters(noOrderFilters)}>
            {s.clearFilters}
          </Button>
        ) : null}
      </Group>
      <Card p={0}>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError error={list.error} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={filtered ? s.emptyFiltered : s.empty}
            body={filtered ? undefined : s.emptyBody}
            action={
              filtered ? (
                <Button variant="light" onClick={() => setFilters(noOrderFilters)}>
                  {s.clearFilters}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table highlightOnHover verticalSpacing="sm" aria-label={s.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{s.order}</Table.Th>
                  <Table.Th>{s.date}</Table.Th>
                  <Table.Th>{s.customer}</Table.Th>
                  <Table.Th>{s.paymentStatus}</Table.Th>
                  <Table.Th>{s.fulfillmentStatus}</Table.Th>
                  <Table.Th>{s.items}</Table.Th>
                  <Table.Th ta="right">{s.total}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {rows.length > 0 ? (
        <Stack align="center" gap={6} mt="md">
          <Text size="sm" c="dimmed">
            {s.shown(rows.length)}
          </Text>
          {list.hasNextPage ? (
            <Button
              variant="default"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {s.loadMore}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
