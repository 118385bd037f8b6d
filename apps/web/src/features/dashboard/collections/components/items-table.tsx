import type { DataField } from '@atrium/contract/data';
import type { DataItem } from '@atrium/sdk/modules/data';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconLock,
  IconPencil,
  IconPlus,
  IconTableOff,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { EmptyState, PagePicker } from '../../shared/ui.tsx';
import {
  itemsPageKey,
  useItemsPage,
  useReferenceNames,
  type Collection,
  type ItemsView,
} from '../api/collections-queries.ts';
import { useEditCell, useRemoveItems } from '../api/collection-changes.ts';
import { fieldLabel, shownAsColumn } from '../lib/field-types.ts';
import type { FilterRule } from '../lib/filter-rules.ts';
import { FilterBuilder } from './filter-builder.tsx';
import { ItemCell } from './item-cell.tsx';
import { ItemFormModal } from './item-form-modal.tsx';
import classes from './items-table.module.css';
import { dataErrorMessage } from '../lib/data-errors.ts';
import { DataLoadError } from './data-load-error.tsx';
import { publishPluginOf } from '../lib/publish-state.ts';
import {
  PublishMenu,
  PublishStatus,
  PublishingToggle,
  ScheduleDialog,
  type ScheduleRequest,
} from './publishing.tsx';

const s = t.collections.table;
const pageSizes = ['10', '25', '50', '100'];

function SortHeader({
  field,
  sort,
  onSort,
}: {
  field: DataField;
  sort: ItemsView['sort'];
  onSort: (field: string) => void;
}) {
  const active = sort?.field === field.key;
  const Icon = !active ? IconArrowsSort : sort.order === 'ASC' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : 'none'}
      className={field.systemField ? classes.systemCell : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(field.key)}
        aria-label={s.sortBy(fieldLabel(field))}
      >
        {field.systemField && <IconLock size={12} aria-hidden />}
        {fieldLabel(field)}
        <Icon size={14} stroke={1.8} opacity={active ? 1 : 0.45} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

function TableSkeleton({ columns }: { columns: number }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label={shared.common.loading}>
      {Array.from({ length: 6 }, (_row, row) => (
        <Group
          key={row}
          gap="xl"
          px="md"
          py={14}
          wrap="nowrap"
          style={{ borderTop: row ? '1px solid var(--mantine-color-default-border)' : undefined }}
        >
          <Skeleton h={16} w={16} radius="sm" />
          {Array.from({ length: Math.min(columns, 6) }, (_cell, cell) => (
            <Skeleton key={cell} h={12} w={cell === 0 ? 180 : 100} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}

/** The items of a collection: paged, sorted and filtered on the server; cells edited in place. */
export function ItemsTable({ collection }: { collection: Collection }) {
  const [search, setSearch] = useSearchParams();
  const userFields = collection.fields.filter((field) => !field.systemField && shownAsColumn(field));
  const systemFields = collection.fields.filter((field) => field.systemField);
  const columns = [...userFields, ...systemFields];
  const labelKey = collection.displayField ?? userFields[0]?.key ?? '_id';
  const [view, setView] = useState<ItemsView>(() => ({
    page: 1,
    pageSize: 25,
    sort: collection.defaultDisplayOrder
      ? { field: collection.defaultDisplayOrder.fieldKey, order: collection.defaultDisplayOrder.direction }
      : null,
    rules: [],
  }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(search.get('new') === 'item');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editing, setEditing] = useState<DataItem>();
  const [scheduling, setScheduling] = useState<ScheduleRequest>();
  const publishing = publishPluginOf(collection) !== undefined;
  const page = useItemsPage(collection.id, collection.fields, view);
  const references = useReferenceNames(collection.fields);
  const pageKey = itemsPageKey(collection.id, view);

  const edit = useEditCell(collection.id, pageKey, {
    failure: { title: s.saveFailed, message: dataErrorMessage },
  });

  const removeSelected = useRemoveItems(collection.id, {
    onSuccess: (result) => {
      setConfirmDelete(false);
      setSelected(new Set());
      if (result.errors.length > 0)
        notifications.show({
          color: 'orange',
          message: result.errors.map((error) => error.message).join('\n'),
        });
      else notifications.show({ color: 'teal', message: s.deletedItems(result.removed) });
    },
  });

  const changeView = (patch: Partial<ItemsView>) => {
    setSelected(new Set());
    setView((current) => ({ ...current, page: 1, ...patch }));
  };
  const onSort = (key: string) => {
    const order = view.sort?.field === key && view.sort.order === 'ASC' ? 'DESC' : 'ASC';
    changeView({ sort: { field: key, order } });
  };
  const onRules = (rules: FilterRule[]) => changeView({ rules });

  const items = page.data?.items ?? [];
  const total = page.data?.totalCount ?? 0;
  const allSelected = items.length > 0 && items.every((item) => selected.has(item._id));
  const someSelected = items.some((item) => selected.has(item._id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toolbar = (
    <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
      <FilterBuilder fields={columns} rules={view.rules} onApply={onRules} />
      <Group gap="sm">
        <PublishingToggle collection={collection} />
        {page.isFetching && !page.isPending && <Loader size="xs" aria-label={shared.common.loading} />}
        {selected.size > 0 && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirmDelete(true)}
          >
            {s.deleteSelected(selected.size)}
          </Button>
        )}
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setAdding(true)}
          disabled={userFields.length === 0}
        >
          {s.addItem}
        </Button>
      </Group>
    </Group>
  );

  let body;
  if (userFields.length === 0 && collection.fields.every((field) => field.systemField)) {
    body = <EmptyState title={s.noColumns} body={s.noColumnsBody} />;
  } else if (page.isPending) {
    body = <TableSkeleton columns={columns.length + 1} />;
  } else if (page.isError) {
    body = (
      <Stack p="md">
        <DataLoadError error={page.error} onRetry={() => void page.refetch()} />
      </Stack>
    );
  } else if (items.length === 0) {
    body =
      view.rules.length > 0 ? (
        <EmptyState
          title={s.noMatch}
          body={s.noMatchBody}
          action={
            <Button variant="light" mt="sm" onClick={() => onRules([])}>
              {s.clearFilters}
            </Button>
          }
        />
      ) : (
        <Stack align="center" gap={4} py={56}>
          <IconTableOff size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <EmptyState
            title={s.empty}
            body={s.emptyBody}
            action={
              <Group mt="sm" gap="sm">
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                  {s.addItem}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  onClick={() => setSearch({ tab: 'transfer' }, { replace: true })}
                >
                  {s.importFile}
                </Button>
              </Group>
            }
          />
        </Stack>
      );
  } else {
    body = (
      <Table.ScrollContainer minWidth={Math.max(760, columns.length * 160)}>
        <Table
          className={classes.table}
          verticalSpacing={8}
          horizontalSpacing="md"
          withColumnBorders
          highlightOnHover
          aria-label={collection.displayName ?? collection.id}
          aria-rowcount={total}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44}>
                <Checkbox
                  aria-label={s.selectAll}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(items.map((item) => item._id)))
                  }
                />
              </Table.Th>
              {publishing && <Table.Th w={150}>{t.publishing.statusColumn}</Table.Th>}
              {columns.map((field) => (
                <SortHeader key={field.key} field={field} sort={view.sort} onSort={onSort} />
              ))}
              <Table.Th w={publishing ? 88 : 52} className={classes.actionsCell} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const itemLabel = String(item[labelKey] ?? item._id);
              return (
                <Table.Tr key={item._id} className={selected.has(item._id) ? classes.selectedRow : undefined}>
                  <Table.Td>
                    <Checkbox
                      aria-label={s.selectItem(itemLabel)}
                      checked={selected.has(item._id)}
                      onChange={() => toggle(item._id)}
                    />
                  </Table.Td>
                  {publishing && (
                    <Table.Td>
                      <PublishStatus item={item} />
                    </Table.Td>
                  )}
                  {columns.map((field) => (
                    <Table.Td
                      key={field.key}
                      className={
                        field.systemField
                          ? classes.systemCell
                          : field.key === labelKey
                            ? classes.displayCell
                            : undefined
                      }
                      ta={field.type === 'NUMBER' ? 'right' : undefined}
                    >
                      {field.systemField ? (
                        <Tooltip label={s.readOnly} openDelay={500}>
                          <span>
                            <ItemCell
                              field={field}
                              value={item[field.key]}
                              itemLabel={itemLabel}
                              onSave={() => undefined}
                            />
                          </span>
                        </Tooltip>
                      ) : (
                        <ItemCell
                          field={field}
                          value={item[field.key]}
                          itemLabel={itemLabel}
                          references={references.get(field.key)}
                          onSave={(value) => edit.mutate({ itemId: item._id, key: field.key, value })}
                        />
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td className={classes.actionsCell}>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      {publishing && (
                        <PublishMenu
                          collectionId={collection.id}
                          item={item}
                          label={itemLabel}
                          onSchedule={setScheduling}
                        />
                      )}
                      <Tooltip label={t.collections.itemForm.edit(itemLabel)} openDelay={400}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t.collections.itemForm.edit(itemLabel)}
                          onClick={() => setEditing(item)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const from = total === 0 ? 0 : (view.page - 1) * view.pageSize + 1;
  const to = Math.min(total, view.page * view.pageSize);
  return (
    <>
      <Card p={0}>
        {toolbar}
        <div style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>{body}</div>
        {total > 0 && (
          <Group
            justify="space-between"
            p="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="sm">
              <Text size="sm" c="dimmed" data-testid="items-range">
                {s.range(from, to, total)}
              </Text>
              <Select
                aria-label={s.perPage}
                size="xs"
                w={80}
                data={pageSizes}
                value={String(view.pageSize)}
                allowDeselect={false}
                onChange={(value) => value && changeView({ pageSize: Number(value) })}
              />
            </Group>
            <PagePicker
              size="sm"
              total={Math.max(1, Math.ceil(total / view.pageSize))}
              value={view.page}
              onChange={(value) => {
                setSelected(new Set());
                setView((current) => ({ ...current, page: value }));
              }}
            />
          </Group>
        )}
      </Card>
      <ItemFormModal collection={collection} opened={adding} onClose={() => setAdding(false)} />
      {editing && (
        <ItemFormModal
          key={editing._id}
          collection={collection}
          item={editing}
          opened
          onClose={() => setEditing(undefined)}
        />
      )}
      <ScheduleDialog
        collectionId={collection.id}
        request={scheduling}
        onClose={() => setScheduling(undefined)}
      />
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={s.deleteSelectedTitle(selected.size)}
      >
        <Stack>
          <Alert color="red" variant="light">
            {s.deleteSelectedBody}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {shared.common.cancel}
            </Button>
            <Button
              color="red"
              loading={removeSelected.isPending}
              onClick={() => removeSelected.mutate([...selected])}
            >
              {s.deleteSelected(selected.size)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
