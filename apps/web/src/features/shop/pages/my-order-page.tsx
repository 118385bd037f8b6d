import { Alert, Anchor, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { t } from '../strings.ts';
import { useOrder } from '../api/orders.ts';
import { OrderBadges } from '../components/order-badges.tsx';
import { OrderFacts, OrderLines, OrderTitle } from '../components/order-details.tsx';

const s = t.orders;
const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** One of the member's orders: its lines and totals, addresses and payment. */
export function MyOrderPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  return (
    <Container size="md" py={{ base: 'xl', sm: 40 }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/account/orders" size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {s.back}
          </Group>
        </Anchor>
        {order.isError ? (
          <Alert color="red">{s.notFound}</Alert>
        ) : !order.data ? (
          <Skeleton h={320} radius="md" />
        ) : (
          <>
            <Group justify="space-between" align="flex-end">
              <Stack gap={4}>
                <OrderTitle order={order.data} />
                <Text c="dimmed" size="sm">
                  {s.placedOn(day.format(order.data.createdDate))}
                </Text>
              </Stack>
              <OrderBadges order={order.data} />
            </Group>
            <Card p="lg">
              <Stack gap="md">
                <Title order={2} fz="lg">
                  {t.confirmation.items}
                </Title>
                <OrderLines order={order.data} />
              </Stack>
            </Card>
            <OrderFacts order={order.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}
