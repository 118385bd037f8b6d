import { catalogAppIds, type Order } from '@atrium/sdk/modules/ecom';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from '../strings.ts';
import { useCancelOrder } from '../api/orders.ts';

const a = t.actions;

/** Cancels the order, optionally putting its items back in stock and telling the customer. */
export function CancelModal({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const [restock, setRestock] = useState(true);
  const [notify, setNotify] = useState(true);
  const cancel = useCancelOrder(order.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: a.canceled });
      onClose();
    },
  });
  const hasBookings = order.lineItems.some((line) => line.catalogReference?.appId === catalogAppIds.bookings);
  return (
    <Modal opened={opened} onClose={onClose} title={a.cancelTitle(order.number)}>
      <Stack>
        <Text size="sm">{a.cancelBody}</Text>
        <Checkbox
          label={a.cancelRestock}
          description={hasBookings ? a.restockBookings : undefined}
          checked={restock}
          onChange={(event) => setRestock(event.currentTarget.checked)}
        />
        <Checkbox
          label={a.cancelNotify}
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {a.keep}
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ restock, notify })}>
            {a.cancelSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
