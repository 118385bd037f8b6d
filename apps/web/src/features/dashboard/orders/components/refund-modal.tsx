import { catalogAppIds, type Order, type OrderTransactions } from '@atrium/sdk/modules/ecom';
import { Alert, Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { Loading } from '../../shared/ui.tsx';
import { useRefundability, useRefundOrder } from '../api/orders.ts';
import { formatAmount, refundAmountProblem, remainingToRefund } from '../lib/refund-amounts.ts';

const a = t.actions;

/**
 * Money back to the customer: the whole of what was paid, or an amount from one payment, with a reason
 * for the timeline and whether the items go back in stock. The server checks the amount against what is
 * left to refund; the screen shows only its formatted amounts.
 */
export function RefundModal({
  order,
  transactions,
  opened,
  onClose,
}: {
  order: Order;
  transactions: OrderTransactions | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const refundability = useRefundability(order.id, opened);
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  // Money back for the whole order usually means the goods come back too; a partial refund usually not.
  const [restock, setRestock] = useState(true);
  const [amountError, setAmountError] = useState<string>();
  const refund = useRefundOrder(order.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: a.refunded });
      onClose();
    },
  });
  const refundable = (refundability.data?.refundabilities ?? [])
    .filter((entry) => entry.refundabilityStatus === 'REFUNDABLE' || entry.refundabilityStatus === 'MANUAL')
    .map((entry) => transactions?.payments.find((payment) => payment.id === entry.paymentId))
    .filter((payment) => payment !== undefined);
  const chosen = paymentId ?? refundable[0]?.id ?? null;
  const remaining = remainingToRefund(order.balanceSummary.paid.amount, order.balanceSummary.refunded.amount);
  const hasBookings = order.lineItems.some((line) => line.catalogReference?.appId === catalogAppIds.bookings);

  const submit = () => {
    if (kind === 'partial') {
      const problem = refundAmountProblem(amount, remaining);
      if (problem) {
        setAmountError(
          problem === 'tooMuch' ? a.tooMuch(formatAmount(remaining, order.currency)) : a.invalidAmount,
        );
        return;
      }
      if (!chosen) return;
      refund.mutate({
        payments: [{ paymentId: chosen, amount: { amount: amount.trim() } }],
        reason,
        restock,
      });
      return;
    }
    // A payment without an amount is refunded in full: whatever is left of it.
    refund.mutate({ payments: refundable.map((payment) => ({ paymentId: payment.id })), reason, restock });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={a.refundTitle}>
      {refundability.isPending ? (
        <Loading />
      ) : refundable.length === 0 ? (
        <Alert color="yellow">{a.refundNothing}</Alert>
      ) : (
        <Stack>
          <Radio.Group
            value={kind}
            onChange={(value) => {
              setKind(value as 'full' | 'partial');
              setRestock(value === 'full');
            }}
          >
            <Stack gap="xs">
              <Radio value="full" label={a.refundFull(formatAmount(remaining, order.currency))} />
              <Radio value="partial" label={a.refundPartial} />
            </Stack>
          </Radio.Group>
          {kind === 'partial' ? (
            <Group grow align="flex-start">
              {refundable.length > 1 ? (
                <Select
                  label={a.refundPayment}
                  data={refundable.map((payment) => ({
                    value: payment.id,
                    label: payment.amount.formattedAmount,
                  }))}
                  value={chosen}
                  onChange={setPaymentId}
                  allowDeselect={false}
                />
              ) : null}
              <TextInput
                label={a.refundAmount}
                inputMode="decimal"
                placeholder="0.00"
                value={amount}
                error={amountError}
                onChange={(event) => {
                  setAmount(event.currentTarget.value);
                  setAmountError(undefined);
                }}
                leftSection={<Text size="sm">{order.currency}</Text>}
                leftSectionWidth={48}
              />
            </Group>
          ) : null}
          <TextInput
            label={a.refundReason}
            placeholder={a.refundReasonPlaceholder}
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Checkbox
            label={a.restock}
            description={hasBookings ? a.restockBookings : undefined}
            checked={restock}
            onChange={(event) => setRestock(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {shared.common.cancel}
            </Button>
            <Button color="red" loading={refund.isPending} onClick={submit}>
              {a.refundSubmit}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
