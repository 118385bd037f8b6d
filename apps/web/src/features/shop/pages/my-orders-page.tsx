import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { Order } from '@atrium/sdk/modules/ecom';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../strings.ts';
import { useMyOrders } from '../api/orders.ts';
import { LineThumb } from '../components/line-item.tsx';
import { OrderBadges } from '../components/order-badges.tsx';

const s = t.orders;
const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

function OrderCard({ order }: { order: Order }) {
  const count = order.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const names = order.lineItems.map((line) => line.productName.translated || line.productName.original);
  return (
    <Card p="lg" component="article" aria-label={s.open(order.number)} data-testid="my-order">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ minWidth: 0 }}>
          <LineThumb image={order.lineItems[0]?.image} size={64} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/account/orders/${encodeURIComponent(order.id)}`} fw={700}>
              {s.open(order.number)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {s.placedOn(day.format(order.createdDate))} · {s.items(count)}
            </Text>
            <Text size="sm" lineClamp={1}>
              {names.join(', ')}
            </Text>
          </Stack>
        </Group>
        <Stack gap={6} align="flex-end">
          <Text fw={700}>{order.priceSummary.total.formattedAmount}</Text>
          <OrderBadges order={order} />
        </Stack>
      </Group>
    </Card>
  );
}

/** The member's orders from the shop, newest first, more on demand. */
export function MyOrdersPage() {
  const orders = useMyOrders();
  const items = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <Container size="md" py={{ base: 'xl', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {s.title}
          </Title>
          <Text c="dimmed">{s.subtitle}</Text>
        </Stack>
        {orders.isError ? (
          <Alert color="red">{s.loadFailed}</Alert>
        ) : orders.isPending ? (
          <Stack>
            <Skeleton h={96} radius="md" />
            <Skeleton h={96} radius="md" />
          </Stack>
        ) : items.length === 0 ? (
          <Card p="xl">
            <Stack align="center" ta="center" gap="sm" py="lg">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconReceipt size={28} />
              </ThemeIcon>
              <Text c="dimmed">{s.empty}</Text>
              <Button component={Link} to="/shop" variant="light">
                {s.browse}
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="sm">
            {items.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
            {orders.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={orders.isFetchingNextPage}
                  onClick={() => void orders.fetchNextPage()}
                >
                  {s.loadMore}
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
