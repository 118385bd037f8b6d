import type { Order } from '@atrium/sdk/modules/ecom';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { useFulfillOrder } from '../api/orders.ts';
import { unfulfilledLines } from '../lib/fulfillment.ts';

const a = t.actions;

/** Marks what is left of the order as fulfilled (shipped, handed over), with tracking when it ships. */
export function FulfillModal({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [shippingProvider, setShippingProvider] = useState('');
  const lines = unfulfilledLines(order.lineItems);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const fulfill = useFulfillOrder(order.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: a.fulfilled });
      onClose();
    },
  });
  const submit = () =>
    fulfill.mutate({
      lineItems: lines,
      trackingNumber: trackingNumber.trim(),
      shippingProvider: shippingProvider.trim(),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={a.fulfillTitle(order.number)}>
      <Stack>
        <Text size="sm">{a.fulfillBody(count)}</Text>
        <Group grow align="flex-start">
          <TextInput
            label={a.trackingNumber}
            description={a.optional}
            value={trackingNumber}
            maxLength={100}
            onChange={(event) => setTrackingNumber(event.currentTarget.value)}
          />
          <TextInput
            label={a.shippingProvider}
            description={a.optional}
            placeholder="UPS, DHL…"
            value={shippingProvider}
            maxLength={100}
            onChange={(event) => setShippingProvider(event.currentTarget.value)}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {shared.common.cancel}
          </Button>
          <Button loading={fulfill.isPending} disabled={lines.length === 0} onClick={submit}>
            {a.fulfill}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
