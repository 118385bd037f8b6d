import { Group, Stack, Text } from '@mantine/core';
import { t } from '../strings.ts';
import classes from './commerce.module.css';

interface Amount {
  amount: string;
  formattedAmount: string;
}

/**
 * The totals of a checkout or order, each as the server formatted it (never summed here): subtotal, then
 * shipping, tax and discount when there are any, and the total.
 */
export function PriceSummary({
  summary,
}: {
  summary: { subtotal: Amount; shipping?: Amount; tax?: Amount; discount?: Amount; total: Amount };
}) {
  const s = t.checkout;
  const nonZero = (value: Amount | undefined) => value !== undefined && Number(value.amount) !== 0;
  return (
    <Stack gap={6} data-testid="price-summary">
      <Group justify="space-between">
        <Text size="sm">{s.subtotal}</Text>
        <Text size="sm">{summary.subtotal.formattedAmount}</Text>
      </Group>
      {summary.shipping ? (
        <Group justify="space-between">
          <Text size="sm">{s.shippingCost}</Text>
          <Text size="sm">{summary.shipping.formattedAmount}</Text>
        </Group>
      ) : null}
      {nonZero(summary.tax) ? (
        <Group justify="space-between">
          <Text size="sm">{s.tax}</Text>
          <Text size="sm">{summary.tax!.formattedAmount}</Text>
        </Group>
      ) : null}
      {nonZero(summary.discount) ? (
        <Group justify="space-between">
          <Text size="sm">{s.discount}</Text>
          <Text size="sm" c="red.7">
            −{summary.discount!.formattedAmount}
          </Text>
        </Group>
      ) : null}
      <Group justify="space-between" className={classes.totalRow} mt={4}>
        <Text fw={700}>{s.total}</Text>
        <Text fw={800} fz="lg" data-testid="order-total">
          {summary.total.formattedAmount}
        </Text>
      </Group>
    </Stack>
  );
}
