import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Divider,
} from '@mantine/core';
import type { EcomLineItem } from '@atrium/sdk/modules/ecom';
import { IconLock, IconMinus, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { t } from '../strings.ts';
import { useCart, useCreateCheckout, useRemoveLine, useSetLineQuantity } from '../api/cart.ts';
import { cartDrawer, useCartDrawerOpened } from '../lib/cart-drawer.ts';
import { LineItem } from './line-item.tsx';
import classes from './commerce.module.css';

function Availability({ line }: { line: EcomLineItem }) {
  const { status, quantityAvailable } = line.availability;
  if (status === 'AVAILABLE') return null;
  const a = t.cart.availability;
  return (
    <Text size="sm" c="red.7" fw={600}>
      {status === 'PARTIALLY_AVAILABLE' ? a.PARTIALLY_AVAILABLE(quantityAvailable ?? 0) : a[status]}
    </Text>
  );
}

function CartLine({ line, busy }: { line: EcomLineItem; busy: boolean }) {
  const setQuantity = useSetLineQuantity();
  const remove = useRemoveLine();
  const name = line.productName.translated || line.productName.original;
  const max = line.availability.quantityAvailable;
  const change = (quantity: number) => setQuantity.mutate({ lineId: line.id, quantity });
  const working = busy || setQuantity.isPending || remove.isPending;
  return (
    <LineItem
      name={name}
      image={line.image}
      descriptionLines={line.descriptionLines}
      scheduledDate={line.serviceProperties?.scheduledDate}
      below={
        <>
          <Availability line={line} />
          <Group justify="space-between" mt={6} wrap="nowrap">
            {line.fixedQuantity ? (
              <Text size="sm">×{line.quantity}</Text>
            ) : (
              <div className={classes.stepper} role="group" aria-label={t.cart.quantity(name)}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t.cart.decrease(name)}
                  disabled={working || line.quantity <= 1}
                  onClick={() => change(line.quantity - 1)}
                >
                  <IconMinus size={14} />
                </ActionIcon>
                <span className={classes.stepperValue} data-testid="line-quantity">
                  {line.quantity}
                </span>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t.cart.increase(name)}
                  disabled={working || (typeof max === 'number' && line.quantity >= max)}
                  onClick={() => change(line.quantity + 1)}
                >
                  <IconPlus size={14} />
                </ActionIcon>
              </div>
            )}
            <Stack gap={0} align="flex-end">
              <Text fw={600} size="sm">
                {line.price.formattedAmount}
              </Text>
              {line.quantity > 1 ? (
                <Text size="xs" c="dimmed">
                  {t.cart.each(line.price.formattedAmount)}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </>
      }
      aside={
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t.cart.remove(name)}
          disabled={working}
          onClick={() => remove.mutate(line.id)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      }
    />
  );
}

/** The cart in a side panel: lines with their quantity and price, the subtotal, and the way to checkout. */
export function CartDrawer() {
  const opened = useCartDrawerOpened();
  const cart = useCart();
  const navigate = useNavigate();
  const createCheckout = useCreateCheckout();
  const setQuantity = useSetLineQuantity();
  const lines = cart.data?.lineItems ?? [];
  const blocked = lines.some((line) => line.availability.status !== 'AVAILABLE');
  const checkout = () =>
    createCheckout.mutate(undefined, {
      onSuccess: (checkoutId) => {
        cartDrawer.close();
        void navigate(`/checkout/${checkoutId}`);
      },
    });
  return (
    <Drawer
      opened={opened}
      onClose={cartDrawer.close}
      position="right"
      size="md"
      title={
        <Text fw={700} fz="lg">
          {t.cart.title}
        </Text>
      }
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ body: { display: 'flex', flexDirection: 'column', minHeight: 'calc(100% - 64px)' } }}
    >
      {cart.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : cart.isError ? (
        <Alert color="red">{t.cart.loadFailed}</Alert>
      ) : lines.length === 0 ? (
        <Stack align="center" ta="center" gap="sm" py={48}>
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconShoppingCart size={28} />
          </ThemeIcon>
          <Text fw={600}>{t.cart.empty}</Text>
          <Text size="sm" c="dimmed">
            {t.cart.emptyBody}
          </Text>
          <Button component={Link} to="/shop" variant="light" onClick={cartDrawer.close}>
            {t.cart.browse}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" style={{ flex: 1 }}>
          <Stack gap="lg" aria-label={t.cart.title} role="list">
            {lines.map((line) => (
              <div role="listitem" key={line.id}>
                <CartLine line={line} busy={createCheckout.isPending} />
              </div>
            ))}
          </Stack>
          {setQuantity.isError || createCheckout.isError ? (
            <Alert color="red" role="alert">
              {t.cart.changeFailed}
            </Alert>
          ) : null}
          <Stack gap="sm" mt="auto" pt="md">
            <Divider />
            <Group justify="space-between">
              <Text fw={600}>{t.cart.subtotal}</Text>
              <Text fw={800} fz="lg" data-testid="cart-subtotal">
                {cart.data!.subtotal.formattedAmount}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t.cart.taxesAtCheckout}
            </Text>
            <Button
              size="md"
              fullWidth
              leftSection={<IconLock size={16} />}
              onClick={checkout}
              loading={createCheckout.isPending}
              disabled={blocked}
            >
              {t.cart.checkout}
            </Button>
            <Button variant="subtle" fullWidth onClick={cartDrawer.close}>
              {t.cart.continue}
            </Button>
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
