import type { StoresCollection } from '@atrium/sdk/modules/stores';
import { ActionIcon, Avatar, Button, Drawer, Group, MultiSelect, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { LoadError, Loading } from '../../shared/ui.tsx';
import { useCollectionMembership, useCollectionProducts } from '../api/collections.ts';
import { useProductChoices } from '../api/products.ts';
import { photoOf } from '../lib/format.ts';

const c = t.collections;

/** A collection's products: take one out, or pick products to add. */
export function CollectionProductsDrawer({
  collection,
  onClose,
}: {
  collection: StoresCollection | undefined;
  onClose: () => void;
}) {
  const members = useCollectionProducts(collection?.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const choices = useProductChoices(debounced);
  const [picked, setPicked] = useState<string[]>([]);
  const membership = useCollectionMembership();
  const memberIds = new Set((members.data ?? []).map((product) => product.id));
  // Picked products keep their labels while the search shows others.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const options = (choices.data ?? [])
    .filter((product) => !memberIds.has(product.id))
    .map((product) => ({ value: product.id, label: product.name }));
  const data = [
    ...picked
      .filter((id) => !options.some((option) => option.value === id))
      .map((id) => ({ value: id, label: labels[id] ?? id })),
    ...options,
  ];

  return (
    <Drawer
      opened={Boolean(collection)}
      onClose={onClose}
      position="right"
      size="lg"
      title={collection ? c.productsTitle(collection.name) : ''}
    >
      {collection ? (
        <Stack gap="lg">
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <MultiSelect
              label={c.add}
              placeholder={c.addPlaceholder}
              data={data}
              value={picked}
              onChange={(value) => {
                setPicked(value);
                setLabels((current) => ({
                  ...current,
                  ...Object.fromEntries(options.map((option) => [option.value, option.label])),
                }));
              }}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              style={{ flex: 1 }}
              nothingFoundMessage={t.products.emptyFiltered}
            />
            <Button
              disabled={picked.length === 0}
              loading={membership.isPending && membership.variables?.add}
              onClick={() =>
                membership.mutate(
                  { collectionId: collection.id, productIds: picked, add: true },
                  {
                    onSuccess: () => {
                      setPicked([]);
                      notifications.show({ color: 'teal', message: c.added });
                    },
                  },
                )
              }
            >
              {c.addSelected}
            </Button>
          </Group>
          {members.isPending ? (
            <Loading />
          ) : members.isError ? (
            <LoadError error={members.error} />
          ) : members.data.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {c.noProducts}
            </Text>
          ) : (
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {members.data.map((product) => (
                  <Table.Tr key={product.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar
                          src={photoOf(product)}
                          alt=""
                          radius="md"
                          size={36}
                          color="brand"
                          variant="light"
                        >
                          <IconPhoto size={16} />
                        </Avatar>
                        <Text size="sm" fw={500}>
                          {product.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td w={60}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={c.removeProduct(product.name)}
                        loading={
                          membership.isPending &&
                          !membership.variables?.add &&
                          membership.variables?.productIds[0] === product.id
                        }
                        onClick={() =>
                          membership.mutate(
                            { collectionId: collection.id, productIds: [product.id], add: false },
                            { onSuccess: () => notifications.show({ color: 'teal', message: c.removed }) },
                          )
                        }
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
