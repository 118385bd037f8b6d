import type { Product } from '@atrium/sdk/modules/stores';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconExternalLink,
  IconPencil,
  IconPhoto,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from './strings.ts';
import { ConfirmModal } from '../shared/confirm-modal.tsx';
import { numberedPages, Pager } from '../shared/paged-list.tsx';
import { EmptyState, LoadError, Loading } from '../shared/ui.tsx';
import {
  productsPageSize,
  useDeleteProduct,
  useProductsList,
  type ProductFilters,
  type StockFilter,
  type VisibilityFilter,
} from './api/products.ts';
import { useStoreCollections } from './api/collections.ts';
import { BulkBar } from './components/bulk-bar.tsx';
import { NewProductModal } from './components/new-product-modal.tsx';
import { StoreFrame } from './components/store-frame.tsx';
import { formatAmount, photoOf } from './lib/format.ts';

const s = t.products;
const stockColors = { IN_STOCK: 'teal', PARTIALLY_OUT_OF_STOCK: 'orange', OUT_OF_STOCK: 'red' } as const;
const noFilters: ProductFilters = { search: '', collectionId: null, stock: 'all', visibility: 'all' };

function PriceCell({ product }: { product: Product }) {
  const { priceData, priceRange } = product;
  const discounted = priceData.discountedPrice < priceData.price;
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500}>
          {priceData.formatted.discountedPrice}
        </Text>
        {discounted ? (
          <Text size="xs" c="dimmed" td="line-through">
            {priceData.formatted.price}
          </Text>
        ) : null}
      </Group>
      {priceRange.minValue !== priceRange.maxValue ? (
        <Text size="xs" c="dimmed">
          {formatAmount(priceRange.minValue, priceData.currency)} –{' '}
          {formatAmount(priceRange.maxValue, priceData.currency)}
        </Text>
      ) : null}
    </Stack>
  );
}

function StockCell({ product }: { product: Product }) {
  const { stock } = product;
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={stockColors[stock.inventoryStatus]}>
        {s.statuses[stock.inventoryStatus]}
      </Badge>
      {stock.trackInventory && typeof stock.quantity === 'number' ? (
        <Text size="xs" c="dimmed">
          {s.quantity(stock.quantity)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The store's products: search and filters, bulk price and visibility changes, and the way to each editor. */
export function StoreProductsPage() {
  const [filters, setFilters] = useState<ProductFilters>(noFilters);
  const [search] = useDebouncedValue(filters.search, 250);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Product>();
  const list = useProductsList({ ...filters, search }, page);
  const collections = useStoreCollections();
  const remove = useDeleteProduct({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.deleted });
      setDeleting(undefined);
    },
  });

  const change = (patch: Partial<ProductFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(0);
    setSelected([]);
  };
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // Rows of the previous filters stay on screen while the new ones load: they cannot be selected, and a
  // bulk change applies to the selected rows still shown, never to rows filtered away.
  const stale = list.isPlaceholderData || filters.search !== search;
  const chosen = selected.filter((id) => items.some((product) => product.id === id));
  const names = new Map((collections.data ?? []).map((collection) => [collection.id, collection.name]));
  const allSelected = items.length > 0 && items.every((product) => chosen.includes(product.id));
  const filtered = JSON.stringify(filters) !== JSON.stringify(noFilters);
  const totalPages = Math.max(1, Math.ceil(total / productsPageSize));

  return (
    <StoreFrame
      description={s.description}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {s.new}
        </Button>
      }
    >
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={s.search}
          placeholder={s.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={filters.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
          w={240}
          type="search"
        />
        <Select
          label={s.collection}
          placeholder={s.allCollections}
          data={(collections.data ?? []).map((collection) => ({
            value: collection.id,
            label: collection.name,
          }))}
          value={filters.collectionId}
          onChange={(value) => change({ collectionId: value })}
          clearable
          w={200}
        />
        <Select
          label={s.stock}
          data={(Object.keys(s.stockFilters) as StockFilter[]).map((value) => ({
            value,
            label: s.stockFilters[value],
          }))}
          value={filters.stock}
          onChange={(value) => change({ stock: (value ?? 'all') as StockFilter })}
          allowDeselect={false}
          w={190}
        />
        <Select
          label={s.visibility}
          data={(Object.keys(s.visibilityFilters) as VisibilityFilter[]).map((value) => ({
            value,
            label: s.visibilityFilters[value],
          }))}
          value={filters.visibility}
          onChange={(value) => change({ visibility: (value ?? 'all') as VisibilityFilter })}
          allowDeselect={false}
          w={190}
        />
        {filtered ? (
          <Button variant="subtle" onClick={() => change(noFilters)}>
            {s.clearFilters}
          </Button>
        ) : null}
      </Group>
      {chosen.length > 0 ? (
        <BulkBar ids={chosen} collections={collections.data ?? []} onDone={() => setSelected([])} />
      ) : null}
      <Card p={0}>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError error={list.error} />
        ) : items.length === 0 ? (
          <EmptyState
            title={filtered ? s.emptyFiltered : s.empty}
            body={filtered ? undefined : s.emptyBody}
            action={
              filtered ? (
                <Button variant="light" onClick={() => change(noFilters)}>
                  {s.clearFilters}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={s.selectAll}
                      checked={allSelected}
                      disabled={stale}
                      indeterminate={!allSelected && chosen.length > 0}
                      onChange={() => setSelected(allSelected ? [] : items.map((product) => product.id))}
                    />
                  </Table.Th>
                  <Table.Th>{s.name}</Table.Th>
                  <Table.Th>{s.price}</Table.Th>
                  <Table.Th>{s.inventory}</Table.Th>
                  <Table.Th>{s.collections}</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((product) => {
                  const checked = chosen.includes(product.id);
                  return (
                    <Table.Tr
                      key={product.id}
                      bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={s.select(product.name)}
                          checked={checked}
                          disabled={stale}
                          onChange={() =>
                            setSelected((current) =>
                              checked ? current.filter((id) => id !== product.id) : [...current, product.id],
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar
                            src={photoOf(product)}
                            alt=""
                            radius="md"
                            size={44}
                            color="brand"
                            variant="light"
                          >
                            <IconPhoto size={18} stroke={1.5} />
                          </Avatar>
                          <div>
                            <Group gap={6}>
                              <Anchor
                                component={Link}
                                to={`/dashboard/store/products/${product.id}`}
                                size="sm"
                                fw={600}
                                c="var(--mantine-color-text)"
                              >
                                {product.name}
                              </Anchor>
                              {product.ribbon ? (
                                <Badge size="xs" color="dark" variant="light">
                                  {product.ribbon}
                                </Badge>
                              ) : null}
                              {!product.visible ? (
                                <Badge size="xs" color="gray" variant="outline">
                                  {s.hiddenBadge}
                                </Badge>
                              ) : null}
                            </Group>
                            <Text size="xs" c="dimmed">
                              {[product.brand, product.sku].filter(Boolean).join(' · ') || '\u00a0'}
                            </Text>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <PriceCell product={product} />
                      </Table.Td>
                      <Table.Td>
                        <StockCell product={product} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {product.collectionIds
                            .map((id) => names.get(id))
                            .filter(Boolean)
                            .map((name) => (
                              <Badge key={name} size="sm" variant="default" fw={500} tt="none">
                                {name}
                              </Badge>
                            ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={s.actions(product.name)}>
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              component={Link}
                              to={`/dashboard/store/products/${product.id}`}
                              leftSection={<IconPencil size={16} />}
                            >
                              {s.edit}
                            </Menu.Item>
                            <Menu.Item
                              component="a"
                              href={`/shop/${product.slug}`}
                              target="_blank"
                              leftSection={<IconExternalLink size={16} />}
                            >
                              {s.viewInShop}
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={16} />}
                              onClick={() => setDeleting(product)}
                            >
                              {s.delete}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Group justify="space-between" px="md" py="xs">
              <Text size="sm" c="dimmed">
                {s.count(total)}
              </Text>
            </Group>
            <Pager list={numberedPages(page, setPage, totalPages, list.isFetching)} />
          </Table.ScrollContainer>
        )}
      </Card>
      <NewProductModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={Boolean(deleting)}
        title={s.deleteTitle}
        body={s.deleteBody(deleting?.name ?? '')}
        confirmLabel={s.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </StoreFrame>
  );
}
