import {
  Avatar,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  NumberInput,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { t } from './strings.ts';
import { numberedPages, Pager } from '../shared/paged-list.tsx';
import { EmptyState, LoadError, Loading } from '../shared/ui.tsx';
import { inventoryPageSize, useInventoryPage } from './api/inventory.ts';
import { useSetStock } from './api/variants.ts';
import { StoreFrame } from './components/store-frame.tsx';
import { lowStockThreshold, numberOrEmpty, variantName } from './lib/format.ts';
import { isLow, type InventoryView, type StockRow } from './lib/stock-rows.ts';

const s = t.inventory;

const keyOf = (row: StockRow) => `${row.productId}:${row.variantId}`;
const nameOf = (row: StockRow) => [row.productName, variantName(row.choices)].filter(Boolean).join(' — ');

function StatusBadge({ row }: { row: StockRow }) {
  if (!row.inStock)
    return (
      <Badge color="red" variant="light">
        {s.soldOut}
      </Badge>
    );
  if (!row.trackQuantity)
    return (
      <Badge color="gray" variant="light">
        {s.notTracked}
      </Badge>
    );
  if (isLow(row))
    return (
      <Badge color="orange" variant="light">
        {s.low(row.quantity ?? 0)}
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      {s.inStock}
    </Badge>
  );
}

/** One variant's row: its stock set in place and saved on its own. */
function StockRowView({ row }: { row: StockRow }) {
  const [quantity, setQuantity] = useState<number | string>(row.quantity ?? '');
  const [inStock, setInStock] = useState(row.inStock);
  const [seen, setSeen] = useState(row);
  if (seen !== row) {
    // Saved (or changed elsewhere) and read back: the row shows the stock as it is now.
    setSeen(row);
    setQuantity(row.quantity ?? '');
    setInStock(row.inStock);
  }
  const name = nameOf(row);
  const save = useSetStock({
    onSuccess: () => notifications.show({ color: 'teal', message: s.saved(name) }),
  });
  const amount = numberOrEmpty(quantity);
  const changed = row.trackQuantity ? amount !== '' && amount !== row.quantity : inStock !== row.inStock;
  return (
    <Table.Tr bg={changed ? 'var(--mantine-color-yellow-light)' : undefined} data-testid="stock-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={row.photo} alt="" radius="md" size={36} color="brand" variant="light">
            <IconPhoto size={16} />
          </Avatar>
          <div>
            <Text
              size="sm"
              fw={600}
              component={Link}
              to={`/dashboard/store/products/${row.productId}`}
              c="var(--mantine-color-text)"
            >
              {row.productName}
            </Text>
            <Text size="xs" c="dimmed">
              {variantName(row.choices) || '\u00a0'}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {row.sku || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge row={row} />
      </Table.Td>
      <Table.Td>
        {row.trackQuantity ? (
          <NumberInput
            size="xs"
            w={110}
            aria-label={s.quantityOf(name)}
            value={quantity}
            onChange={setQuantity}
            min={0}
            max={99_999}
            allowDecimal={false}
            allowNegative={false}
          />
        ) : (
          <Switch
            size="sm"
            aria-label={s.inStockOf(name)}
            checked={inStock}
            onChange={(event) => setInStock(event.currentTarget.checked)}
          />
        )}
      </Table.Td>
      <Table.Td w={100}>
        <Button
          size="xs"
          variant={changed ? 'filled' : 'default'}
          disabled={!changed}
          loading={save.isPending}
          leftSection={<IconDeviceFloppy size={14} />}
          aria-label={s.saveRow(name)}
          onClick={() =>
            save.mutate({
              productId: row.productId,
              stock: {
                variants: [
                  row.trackQuantity
                    ? { variantId: row.variantId, quantity: amount === '' ? 0 : amount }
                    : { variantId: row.variantId, inStock },
                ],
              },
            })
          }
        >
          {s.save}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Stock of every variant, a page of products at a time (all of them, or the low-stock or sold-out ones
 * the server finds); each row saves its own quantity.
 */
export function StoreInventoryPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [view, setView] = useState<InventoryView>('all');
  const [page, setPage] = useState(0);
  const inventory = useInventoryPage(view, debounced, page);
  const rows = inventory.data?.rows ?? [];
  const products = inventory.data?.products ?? 0;
  const totalPages = Math.max(1, Math.ceil(products / inventoryPageSize));
  // A save can empty the last page of a view (its last low-stock product restocked): go back a page.
  const pastTheEnd = inventory.isSuccess && !inventory.isPlaceholderData && page >= totalPages;
  useEffect(() => {
    if (pastTheEnd) setPage(totalPages - 1);
  }, [pastTheEnd, totalPages]);

  return (
    <StoreFrame description={s.description}>
      <Group mb="md" gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={s.search}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          w={260}
          type="search"
        />
        <Chip.Group
          value={view}
          onChange={(value) => {
            setView(value as InventoryView);
            setPage(0);
          }}
        >
          <Group gap="xs">
            <Chip value="all" variant="light">
              {s.allItems}
            </Chip>
            <Chip value="low" variant="light" color="orange">
              {s.lowStock} ({s.lowStockHint(lowStockThreshold)})
            </Chip>
            <Chip value="out" variant="light" color="red">
              {s.outOnly}
            </Chip>
          </Group>
        </Chip.Group>
      </Group>
      <Card p={0}>
        {inventory.isPending ? (
          <Loading />
        ) : inventory.isError ? (
          <LoadError error={inventory.error} />
        ) : rows.length === 0 ? (
          <EmptyState title={s.empty} />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" highlightOnHover data-testid="inventory-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{s.product}</Table.Th>
                  <Table.Th>{s.sku}</Table.Th>
                  <Table.Th>{s.status}</Table.Th>
                  <Table.Th>{s.quantity}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <StockRowView key={keyOf(row)} row={row} />
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" c="dimmed" px="md" py="xs" data-testid="inventory-count">
              {s.count(rows.length, products)}
            </Text>
            <Pager list={numberedPages(page, setPage, totalPages, inventory.isFetching)} />
          </Table.ScrollContainer>
        )}
      </Card>
    </StoreFrame>
  );
}
