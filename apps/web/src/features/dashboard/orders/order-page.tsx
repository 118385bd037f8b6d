import type { Order, OrderTransactions } from '@atrium/sdk/modules/ecom';
import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconCash,
  IconTruckDelivery,
  IconCreditCard,
  IconReceiptRefund,
  IconShoppingBag,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { t } from './strings.ts';
import { ConfirmModal } from '../shared/confirm-modal.tsx';
import { formatDateTime } from '../shared/format.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, LoadError, Loading } from '../shared/ui.tsx';
import { useMarkAsPaid, useOrder, useOrderTransactions, useSetTags } from './api/orders.ts';
import { CancelModal } from './components/cancel-modal.tsx';
import { FulfillModal } from './components/fulfill-modal.tsx';
import { FulfillmentBadge, OrderStatusBadges, PaymentStatusBadge } from './components/order-badges.tsx';
import { OrderTimeline } from './components/order-timeline.tsx';
import { RefundModal } from './components/refund-modal.tsx';
import { addressLines, customerName } from './lib/order-text.ts';
import { unfulfilledLines } from './lib/fulfillment.ts';
import { remainingToRefund } from './lib/refund-amounts.ts';

const o = t.order;
const a = t.actions;

function optionsOf(line: Order['lineItems'][number]): string {
  return (line.descriptionLines ?? [])
    .map((description) =>
      description.plainText
        ? `${description.name.original}: ${description.plainText.original}`
        : description.name.original,
    )
    .join(' · ');
}

/** Whether the customer still owes money: unpaid or partly paid, and not canceled (a refund is no debt). */
function awaitsPayment(order: Order): boolean {
  return (
    ['NOT_PAID', 'PARTIALLY_PAID'].includes(order.paymentStatus) &&
    order.status !== 'CANCELED' &&
    Number(order.balanceSummary.balance.amount) > 0
  );
}

function ItemsCard({ order }: { order: Order }) {
  const summary = order.priceSummary;
  const balance = order.balanceSummary;
  const row = (label: string, value: string, strong = false) => (
    <Group justify="space-between" key={label}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card p={0} component="section" aria-label={o.items}>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" horizontalSpacing="lg">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{o.product}</Table.Th>
              <Table.Th ta="right">{o.price}</Table.Th>
              <Table.Th ta="right">{o.quantity}</Table.Th>
              <Table.Th ta="right">{o.lineTotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lineItems.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={line.image} radius="sm" size={44} color="gray">
                      <IconShoppingBag size={18} />
                    </Avatar>
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {line.productName.original}
                      </Text>
                      {optionsOf(line) ? (
                        <Text size="xs" c="dimmed">
                          {optionsOf(line)}
                        </Text>
                      ) : null}
                      {line.serviceProperties?.scheduledDate ? (
                        <Text size="xs" c="dimmed" data-testid="line-scheduled">
                          {o.bookingFor(formatDateTime(line.serviceProperties.scheduledDate))}
                        </Text>
                      ) : null}
                      {line.physicalProperties?.sku ? (
                        <Text size="xs" c="dimmed">
                          SKU {line.physicalProperties.sku}
                        </Text>
                      ) : null}
                      {line.refundQuantity ? (
                        <Text size="xs" c="grape.7">
                          {o.refundedQuantity(line.refundQuantity)}
                        </Text>
                      ) : null}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{line.price.formattedAmount}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{line.quantity}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {line.totalPriceAfterTax.formattedAmount}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Box px="lg" py="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Stack gap={6} maw={320} ml="auto" data-testid="order-totals">
          {row(o.subtotal, summary.subtotal.formattedAmount)}
          {Number(summary.shipping.amount) > 0 ? row(o.shipping, summary.shipping.formattedAmount) : null}
          {Number(summary.tax.amount) > 0 ? row(o.tax, summary.tax.formattedAmount) : null}
          {Number(summary.discount.amount) > 0
            ? row(o.discount, `−${summary.discount.formattedAmount}`)
            : null}
          {row(o.total, summary.total.formattedAmount, true)}
          {row(o.paid, balance.paid.formattedAmount)}
          {Number(balance.refunded.amount) > 0 ? row(o.refunded, balance.refunded.formattedAmount) : null}
          {awaitsPayment(order) ? row(o.balance, balance.balance.formattedAmount, true) : null}
        </Stack>
      </Box>
    </Card>
  );
}

function TransactionsCard({ transactions }: { transactions: OrderTransactions | undefined }) {
  const payments = transactions?.payments ?? [];
  const refunds = transactions?.refunds ?? [];
  return (
    <Card p="lg" component="section" aria-label={o.payments}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {o.payments}
        </Title>
        {payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {o.noPayments}
          </Text>
        ) : (
          payments.map((payment) => {
            const details = payment.regularPaymentDetails;
            const card = details?.creditCardDetails;
            const method = details?.offlinePayment
              ? o.offline
              : card?.lastFourDigits
                ? o.card(card.brand ?? o.cardPayment, card.lastFourDigits)
                : o.cardPayment;
            return (
              <Group key={payment.id} justify="space-between" wrap="nowrap" data-testid="order-payment">
                <Group gap="sm" wrap="nowrap">
                  {details?.offlinePayment ? <IconCash size={18} /> : <IconCreditCard size={18} />}
                  <Stack gap={0}>
                    <Text size="sm" fw={500} tt={card?.brand ? 'capitalize' : undefined}>
                      {method}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(payment.createdDate)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  {details?.status ? (
                    <Badge variant="light" color={details.status === 'APPROVED' ? 'teal' : 'gray'}>
                      {t.transactionStatus[details.status] ?? details.status}
                    </Badge>
                  ) : null}
                  <Text size="sm" fw={600}>
                    {payment.amount.formattedAmount}
                  </Text>
                </Group>
              </Group>
            );
          })
        )}
        {refunds.length > 0 ? (
          <>
            <Title order={4} fz="sm" mt="xs">
              {o.refunds}
            </Title>
            {refunds.map((refund) => (
              <Group key={refund.id} justify="space-between" wrap="nowrap" data-testid="order-refund">
                <Group gap="sm" wrap="nowrap">
                  <IconReceiptRefund size={18} />
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {refund.details?.reason || o.refunded}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(refund.createdDate)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  {refund.transactions[0]?.refundStatus ? (
                    <Badge variant="light" color="gray">
                      {t.transactionStatus[refund.transactions[0].refundStatus] ??
                        refund.transactions[0].refundStatus}
                    </Badge>
                  ) : null}
                  <Text size="sm" fw={600} c="grape.7">
                    −{refund.summary?.requestedRefund?.formattedAmount}
                  </Text>
                </Group>
              </Group>
            ))}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function AddressBlock({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
        {title}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {o.noAddress}
        </Text>
      ) : (
        lines.map((line, index) => (
          <Text size="sm" key={index}>
            {line}
          </Text>
        ))
      )}
    </Stack>
  );
}

function CustomerCard({ order }: { order: Order }) {
  const name = customerName(order);
  const contact = order.billingInfo?.contactDetails;
  const shipping = order.shippingInfo?.logistics?.shippingDestination;
  return (
    <Card p="lg" component="section" aria-label={o.customer}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {o.customer}
          </Title>
          <Badge variant="light" color={order.buyerInfo.memberId ? 'brand' : 'gray'}>
            {order.buyerInfo.memberId ? o.member : o.guest}
          </Badge>
        </Group>
        <Stack gap={2}>
          {name ? <Text fw={600}>{name}</Text> : null}
          {order.buyerInfo.email ? (
            <Anchor href={`mailto:${order.buyerInfo.email}`} size="sm">
              {order.buyerInfo.email}
            </Anchor>
          ) : null}
          {contact?.phone ? <Text size="sm">{contact.phone}</Text> : null}
        </Stack>
        {shipping ? <AddressBlock title={o.shippingAddress} lines={addressLines(shipping)} /> : null}
        <AddressBlock title={o.billingAddress} lines={addressLines(order.billingInfo)} />
        {order.buyerNote ? (
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
              {o.note}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {order.buyerNote}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function TagsCard({ order, canEdit }: { order: Order; canEdit: boolean }) {
  const saved = order.tags.tags?.tagIds ?? [];
  const [tags, setTags] = useState(saved);
  const setOrderTags = useSetTags(order.id, {
    onSuccess: () => notifications.show({ color: 'teal', message: o.tagsSaved }),
  });
  const changed = JSON.stringify([...tags].sort()) !== JSON.stringify([...saved].sort());
  return (
    <Card p="lg" component="section" aria-label={o.tags}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {o.tags}
        </Title>
        <TagsInput
          aria-label={o.tags}
          placeholder={o.tagsPlaceholder}
          value={tags}
          onChange={setTags}
          disabled={!canEdit}
          maxTags={20}
          clearable
        />
        {canEdit && changed ? (
          <Button
            size="xs"
            variant="light"
            style={{ alignSelf: 'flex-end' }}
            loading={setOrderTags.isPending}
            onClick={() => setOrderTags.mutate({ before: saved, after: tags })}
          >
            {o.saveTags}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

function Actions({ order, transactions }: { order: Order; transactions: OrderTransactions | undefined }) {
  const [dialog, setDialog] = useState<'paid' | 'refund' | 'cancel' | 'fulfill'>();
  const markPaid = useMarkAsPaid(order.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: a.markedPaid });
      setDialog(undefined);
    },
  });
  const open = order.status !== 'CANCELED' && order.status !== 'REJECTED';
  const unpaid = awaitsPayment(order);
  const refundable =
    Number(remainingToRefund(order.balanceSummary.paid.amount, order.balanceSummary.refunded.amount)) > 0;
  return (
    <Group gap="sm" role="group" aria-label={o.actionsLabel}>
      {open && unpaid ? (
        <Button leftSection={<IconCash size={16} />} onClick={() => setDialog('paid')}>
          {a.markPaid}
        </Button>
      ) : null}
      {open && unfulfilledLines(order.lineItems).length > 0 ? (
        <Button
          variant="default"
          leftSection={<IconTruckDelivery size={16} />}
          onClick={() => setDialog('fulfill')}
        >
          {a.fulfill}
        </Button>
      ) : null}
      {refundable ? (
        <Button
          variant="default"
          leftSection={<IconReceiptRefund size={16} />}
          onClick={() => setDialog('refund')}
        >
          {a.refund}
        </Button>
      ) : null}
      {open ? (
        <Button
          variant="default"
          color="red"
          leftSection={<IconX size={16} />}
          onClick={() => setDialog('cancel')}
        >
          {a.cancel}
        </Button>
      ) : null}
      <ConfirmModal
        opened={dialog === 'paid'}
        title={a.markPaidTitle}
        body={a.markPaidBody(order.balanceSummary.balance.formattedAmount)}
        confirmLabel={a.markPaid}
        loading={markPaid.isPending}
        onConfirm={() => markPaid.mutate()}
        onClose={() => setDialog(undefined)}
      />
      {dialog === 'refund' ? (
        <RefundModal order={order} transactions={transactions} opened onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog === 'fulfill' ? (
        <FulfillModal order={order} opened onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog === 'cancel' ? <CancelModal order={order} opened onClose={() => setDialog(undefined)} /> : null}
    </Group>
  );
}

/** One order: its lines and totals, payments and refunds, customer and addresses, tags, timeline, actions. */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const session = useSession();
  const order = useOrder(orderId);
  const transactions = useOrderTransactions(orderId);
  const back = (
    <Anchor component={Link} to="/dashboard/orders" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {o.back}
      </Group>
    </Anchor>
  );
  if (order.isPending) return <Loading />;
  if (order.isError) {
    return (
      <Stack>
        {back}
        {'status' in order.error && order.error.status === 404 ? (
          <EmptyState title={o.notFound} />
        ) : (
          <LoadError error={order.error} />
        )}
      </Stack>
    );
  }
  const data = order.data;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {o.title(data.number)}
            </Title>
            <PaymentStatusBadge status={data.paymentStatus} />
            <FulfillmentBadge status={data.fulfillmentStatus} />
            <OrderStatusBadges order={data} />
          </Group>
          <Text size="sm" c="dimmed">
            {o.placed(formatDateTime(data.createdDate))}
          </Text>
        </Stack>
        {session.canManage ? <Actions order={data} transactions={transactions.data} /> : null}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <ItemsCard order={data} />
            <TransactionsCard transactions={transactions.data} />
            <OrderTimeline order={data} canComment={session.canManage} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <CustomerCard order={data} />
            <TagsCard
              key={(data.tags.tags?.tagIds ?? []).join(',')}
              order={data}
              canEdit={session.canManage}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
