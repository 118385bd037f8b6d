import {
  Alert,
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
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { useCheckout } from '../api/checkout.ts';
import { useOrder } from '../api/orders.ts';
import { LineItem } from '../components/line-item.tsx';
import { OrderBadges } from '../components/order-badges.tsx';
import { OrderLines } from '../components/order-details.tsx';
import { PriceSummary } from '../components/price-summary.tsx';
import classes from '../components/commerce.module.css';

const s = t.confirmation;

/**
 * What a visitor sees: the completed checkout's lines and totals (only members read orders, so there is
 * no order number to show), and how they chose to pay.
 */
function CheckoutReceipt({ checkoutId, payment }: { checkoutId: string; payment: string | null }) {
  const checkout = useCheckout(checkoutId);
  if (checkout.isError) return <Alert color="red">{s.notFound}</Alert>;
  if (!checkout.data) return <Skeleton h={240} radius="md" />;
  const email = checkout.data.buyerInfo.email;
  return (
    <Stack gap="lg">
      <Text>
        {s.placed} {email ? s.emailed(email) : null}
      </Text>
      <Text fw={600} data-testid="payment-status">
        {payment === 'inPerson' ? s.payInPerson : s.paidByCard}
      </Text>
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {s.items}
          </Title>
          {checkout.data.lineItems.map((line) => (
            <LineItem
              key={line.id}
              name={line.productName.translated || line.productName.original}
              image={line.image}
              descriptionLines={line.descriptionLines}
              scheduledDate={line.serviceProperties?.scheduledDate}
              thumb={56}
              below={
                <Text size="sm" c="dimmed">
                  ×{line.quantity}
                </Text>
              }
              aside={
                <Text size="sm" fw={600}>
                  {line.price.formattedAmount}
                </Text>
              }
            />
          ))}
          <PriceSummary summary={checkout.data.priceSummary} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** A member's confirmation: the order itself, with its number and payment status. */
function OrderReceipt({ orderId, fallback }: { orderId: string; fallback: React.ReactNode }) {
  const order = useOrder(orderId);
  if (order.isError) return fallback;
  if (!order.data) return <Skeleton h={240} radius="md" />;
  const email = order.data.buyerInfo.email;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Text fw={700} fz="lg" data-testid="order-number">
          {s.number(order.data.number)}
        </Text>
        <OrderBadges order={order.data} />
      </Group>
      <Text>
        {s.placed} {email ? s.emailed(email) : null}
      </Text>
      {order.data.paymentStatus === 'NOT_PAID' ? <Text fw={600}>{s.payInPerson}</Text> : null}
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {s.items}
          </Title>
          <OrderLines order={order.data} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** The page after a placed order: thanks, what was bought, the totals and whether it is paid. */
export function ThankYouPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const auth = useAuth();
  const checkoutId = search.get('checkout');
  const payment = search.get('payment');
  const receipt = checkoutId ? (
    <CheckoutReceipt checkoutId={checkoutId} payment={payment} />
  ) : (
    <Alert color="red">{s.notFound}</Alert>
  );
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack align="center" ta="center" gap="sm" py="lg" className={classes.hero}>
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {s.title}
          </Title>
        </Stack>
        {auth.status === 'loading' ? (
          <Skeleton h={240} radius="md" />
        ) : auth.status === 'member' ? (
          <OrderReceipt orderId={orderId} fallback={receipt} />
        ) : (
          receipt
        )}
        <Group justify="center">
          {auth.status === 'member' ? (
            <Button component={Link} to="/account/orders" variant="light">
              {s.viewOrders}
            </Button>
          ) : null}
          <Button component={Link} to="/shop" variant="subtle">
            {s.keepShopping}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
