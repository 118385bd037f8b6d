import type { Product } from '@atrium/sdk/modules/stores';
import { storesLimits } from '@atrium/contract/stores/products-v1';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from '../strings.ts';
import { useSaveVariants } from '../api/variants.ts';
import { lowStockThreshold, numberOrEmpty, variantName } from '../lib/format.ts';
import {
  isRowChanged,
  pendingEdits,
  rowOf,
  variantChanges,
  type VariantRow,
} from '../lib/variant-changes.ts';

const v = t.variants;

/** Every variant of the product: its price, cost, weight, SKU, stock and whether it is shown, edited in place. */
/** A variant's price, cost (the currency's two decimals) or weight (kg, three decimals), edited in place. */
function AmountCell(props: {
  label: string;
  value: number | '';
  onChange: (value: number | '') => void;
  weight?: boolean;
}) {
  const scale = props.weight
    ? { max: storesLimits.weight, decimalScale: 3 }
    : { decimalScale: 2, fixedDecimalScale: true };
  return (
    <Table.Td>
      <NumberInput
        size="xs"
        aria-label={props.label}
        value={props.value}
        onChange={(value) => props.onChange(numberOrEmpty(value))}
        min={0}
        {...scale}
        hideControls
      />
    </Table.Td>
  );
}

export function VariantsTable({ product }: { product: Product }) {
  const variants = product.variants ?? [];
  const wasTracked = product.stock.trackInventory;
  const [rows, setRows] = useState<Record<string, VariantRow>>({});
  const [track, setTrack] = useState(wasTracked);
  const save = useSaveVariants({
    onSuccess: () => notifications.show({ color: 'teal', message: v.saved }),
  });
  // The edits give way to the saved variants once they are read back (query results keep unchanged
  // parts by reference, so a new array means the variants changed); edits the new variants do not show
  // stay, and so does the tracking switch if the owner moved it.
  const [shown, setShown] = useState({ variants: product.variants, tracked: wasTracked });
  if (shown.variants !== product.variants || shown.tracked !== wasTracked) {
    setShown({ variants: product.variants, tracked: wasTracked });
    setRows((current) => pendingEdits(product.variants ?? [], current, track));
    if (track === shown.tracked) setTrack(wasTracked);
  }
  const rowFor = (id: string) => rows[id] ?? rowOf(variants.find((variant) => variant.id === id)!);
  const edit = (id: string, patch: Partial<VariantRow>) =>
    setRows((current) => ({ ...current, [id]: { ...rowFor(id), ...patch } }));
  const changedCount = variants.filter((variant) => isRowChanged(variant, rowFor(variant.id), track)).length;
  const dirty = changedCount > 0 || track !== wasTracked;

  return (
    <Card p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} fz="lg">
              {v.title}
            </Title>
            <Text size="sm" c="dimmed" maw={560}>
              {v.description}
            </Text>
          </Stack>
          <Switch
            label={v.track}
            description={v.trackHint}
            checked={track}
            onChange={(event) => setTrack(event.currentTarget.checked)}
            maw={300}
          />
        </Group>
        <Table.ScrollContainer minWidth={960}>
          <Table verticalSpacing="xs" data-testid="variants-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{v.variant}</Table.Th>
                <Table.Th w={130}>{v.price}</Table.Th>
                <Table.Th w={130}>{v.cost}</Table.Th>
                <Table.Th w={110}>{v.weight}</Table.Th>
                <Table.Th w={160}>{v.sku}</Table.Th>
                <Table.Th w={150}>{v.stock}</Table.Th>
                <Table.Th w={80}>{v.visible}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.map((variant) => {
                const name = variantName(variant.choices) || v.defaultVariant;
                const row = rowFor(variant.id);
                const changed = isRowChanged(variant, row, track);
                const low = track && row.quantity !== '' && row.quantity <= lowStockThreshold;
                return (
                  <Table.Tr
                    key={variant.id}
                    bg={changed ? 'var(--mantine-color-yellow-light)' : undefined}
                    data-testid="variant-row"
                  >
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                        {track && row.quantity === 0 ? (
                          <Badge size="xs" color="red" variant="light">
                            {t.products.statuses.OUT_OF_STOCK}
                          </Badge>
                        ) : low ? (
                          <Badge size="xs" color="orange" variant="light">
                            {t.inventory.low(row.quantity as number)}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <AmountCell
                      label={v.priceOf(name)}
                      value={row.price}
                      onChange={(price) => edit(variant.id, { price })}
                    />
                    <AmountCell
                      label={v.costOf(name)}
                      value={row.cost}
                      onChange={(cost) => edit(variant.id, { cost })}
                    />
                    <AmountCell
                      label={v.weightOf(name)}
                      value={row.weight}
                      onChange={(weight) => edit(variant.id, { weight })}
                      weight
                    />
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={v.skuOf(name)}
                        value={row.sku}
                        maxLength={storesLimits.skuLength}
                        onChange={(event) => edit(variant.id, { sku: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {track ? (
                        <NumberInput
                          size="xs"
                          aria-label={v.stockOf(name)}
                          value={row.quantity}
                          onChange={(value) => edit(variant.id, { quantity: numberOrEmpty(value) })}
                          min={0}
                          max={99_999}
                          allowDecimal={false}
                          allowNegative={false}
                        />
                      ) : (
                        <Switch
                          size="sm"
                          label={v.inStock}
                          aria-label={v.inStockOf(name)}
                          checked={row.inStock}
                          onChange={(event) => edit(variant.id, { inStock: event.currentTarget.checked })}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={v.visibleOf(name)}
                        checked={row.visible}
                        onChange={(event) => edit(variant.id, { visible: event.currentTarget.checked })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {changedCount > 0 ? v.unsaved(changedCount) : ''}
          </Text>
          <Group gap="sm">
            <Button
              variant="subtle"
              color="gray"
              disabled={!dirty}
              onClick={() => {
                setRows({});
                setTrack(wasTracked);
              }}
            >
              {v.discard}
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate({ productId: product.id, ...variantChanges(variants, rows, track, wasTracked) })
              }
            >
              {v.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
