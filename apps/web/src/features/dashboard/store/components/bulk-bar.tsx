import { Button, Group, Menu, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { StoresCollection } from '@atrium/sdk/modules/stores';
import { notifications } from '@mantine/notifications';
import {
  IconCategory2,
  IconChevronDown,
  IconCurrencyDollar,
  IconEye,
  IconEyeOff,
  IconPercentage,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { useBulkProducts, type BulkChange } from '../api/products.ts';
import { useCollectionMembership } from '../api/collections.ts';
import { numberOrEmpty } from '../lib/format.ts';

const b = t.bulk;

/** What can be done to the selected products at once: price, visibility, a collection. */
export function BulkBar({
  ids,
  collections,
  onDone,
}: {
  ids: string[];
  collections: StoresCollection[];
  onDone: () => void;
}) {
  const [dialog, setDialog] = useState<'price' | 'adjust'>();
  const [amount, setAmount] = useState<number | string>('');
  const run = useBulkProducts({
    onSuccess: (outcome) => {
      notifications.show({
        color: outcome.failed ? 'orange' : 'teal',
        message: b.done(outcome.succeeded, outcome.failed),
      });
      setDialog(undefined);
      setAmount('');
      onDone();
    },
  });
  const membership = useCollectionMembership();
  const apply = (change: BulkChange) => run.mutate(change);
  const parsed = numberOrEmpty(amount);
  const value = parsed === '' ? Number.NaN : parsed;

  return (
    <Paper withBorder p="xs" px="md" mb="sm" radius="md" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          {t.products.selected(ids.length)}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCurrencyDollar size={14} />}
            onClick={() => setDialog('price')}
          >
            {b.setPrice}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPercentage size={14} />}
            onClick={() => setDialog('adjust')}
          >
            {b.adjustPrice}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            loading={run.isPending && run.variables?.kind === 'visibility' && run.variables.visible}
            onClick={() => apply({ kind: 'visibility', ids, visible: true })}
          >
            {b.show}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEyeOff size={14} />}
            loading={run.isPending && run.variables?.kind === 'visibility' && !run.variables.visible}
            onClick={() => apply({ kind: 'visibility', ids, visible: false })}
          >
            {b.hide}
          </Button>
          {collections.length > 0 ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCategory2 size={14} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={membership.isPending}
                >
                  {b.addToCollection}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {collections.map((collection) => (
                  <Menu.Item
                    key={collection.id}
                    onClick={() =>
                      membership.mutate(
                        { collectionId: collection.id, productIds: ids, add: true },
                        {
                          onSuccess: () => {
                            notifications.show({
                              color: 'teal',
                              message: b.added(ids.length, collection.name),
                            });
                            onDone();
                          },
                        },
                      )
                    }
                  >
                    {collection.name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onDone}>
            {t.products.clearSelection}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={dialog !== undefined}
        onClose={() => setDialog(undefined)}
        title={dialog === 'adjust' ? b.adjustTitle(ids.length) : b.priceTitle(ids.length)}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (Number.isNaN(value)) return;
            apply(
              dialog === 'adjust'
                ? { kind: 'adjust', ids, percent: value }
                : { kind: 'price', ids, price: value },
            );
          }}
        >
          <Stack>
            {dialog === 'adjust' ? (
              <NumberInput
                label={b.percent}
                description={b.percentHint}
                value={amount}
                onChange={setAmount}
                min={-100}
                max={1000}
                decimalScale={2}
                suffix="%"
                data-autofocus
              />
            ) : (
              <NumberInput
                label={b.newPrice}
                value={amount}
                onChange={setAmount}
                min={0}
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(undefined)}>
                {shared.common.cancel}
              </Button>
              <Button type="submit" loading={run.isPending} disabled={Number.isNaN(value)}>
                {b.apply}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
