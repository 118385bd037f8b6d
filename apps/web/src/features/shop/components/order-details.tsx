import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { AddressContact, Order } from '@atrium/sdk/modules/ecom';
import { t } from '../strings.ts';
import { LineItem } from './line-item.tsx';
import { PriceSummary } from './price-summary.tsx';

/** An address as lines of text: name, street, city with postal code, country. */
export function addressLines(info: AddressContact | undefined): string[] {
  if (!info) return [];
  const contact = info.contactDetails;
  const address = info.address;
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  return [
    name,
    address?.addressLine ?? '',
    address?.addressLine2 ?? '',
    [address?.postalCode, address?.city, address?.subdivision].filter(Boolean).join(' '),
    address?.country ?? '',
    contact?.phone ?? '',
  ].filter((line) => line.trim() !== '');
}

/** An order's lines with their prices, and its totals. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <Stack gap="md">
      {order.lineItems.map((line) => (
        <LineItem
          key={line.id}
          name={line.productName.translated || line.productName.original}
          image={line.image}
          descriptionLines={line.descriptionLines}
          scheduledDate={line.serviceProperties?.scheduledDate}
          thumb={56}
          below={
            <Text size="sm" c="dimmed">
              ×{line.quantity} · {t.cart.each(line.price.formattedAmount)}
            </Text>
          }
          aside={
            <Text size="sm" fw={600}>
              {line.totalPriceAfterTax.formattedAmount}
            </Text>
          }
        />
      ))}
      <PriceSummary summary={order.priceSummary} />
    </Stack>
  );
}

function Block({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
        {title}
      </Text>
      {lines.map((line, index) => (
        <Text key={index} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Who bought, where it goes, and how the payment stands (paid, refunded, left to pay). */
export function OrderFacts({ order }: { order: Order }) {
  const s = t.orders;
  const balance = order.balanceSummary;
  return (
    <Card p="lg">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Block
            title={s.billing}
            lines={[...addressLines(order.billingInfo), order.buyerInfo.email ?? ''].filter(Boolean)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Block
            title={s.shipping}
            lines={addressLines(order.shippingInfo?.logistics?.shippingDestination)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
              {s.payment}
            </Text>
            <Group justify="space-between">
              <Text size="sm">{s.paid}</Text>
              <Text size="sm">{balance.paid.formattedAmount}</Text>
            </Group>
            {Number(balance.refunded.amount) > 0 ? (
              <Group justify="space-between">
                <Text size="sm">{s.refunded}</Text>
                <Text size="sm">{balance.refunded.formattedAmount}</Text>
              </Group>
            ) : null}
            {Number(balance.balance.amount) > 0 && order.status !== 'CANCELED' ? (
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {s.balance}
                </Text>
                <Text size="sm" fw={600}>
                  {balance.balance.formattedAmount}
                </Text>
              </Group>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

export function OrderTitle({ order }: { order: Order }) {
  return (
    <Title order={1} fz={{ base: 26, sm: 32 }}>
      {t.orders.open(order.number)}
    </Title>
  );
}
