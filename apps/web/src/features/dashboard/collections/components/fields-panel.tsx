import { dataFieldSchema, type DataField, type DataFieldType } from '@atrium/contract/data';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { EmptyState } from '../../shared/ui.tsx';
import { useCollectionIds, type Collection } from '../api/collections-queries.ts';
import { useCreateField, useDeleteField, useRenameField } from '../api/collection-fields.ts';
import { fieldLabel, fieldTypeGroups, keyFromName } from '../lib/field-types.ts';
import { violationMap } from '../lib/data-errors.ts';

const s = t.collections;
const f = t.fields;

const typeOptions = fieldTypeGroups.map(({ group, types }) => ({
  group: s.typeGroups[group],
  items: types.map((type) => ({ value: type, label: s.types[type] })),
}));

function AddFieldModal({
  collection,
  opened,
  onClose,
}: {
  collection: Collection;
  opened: boolean;
  onClose: () => void;
}) {
  const [displayName, setDisplayName] = useState('');
  const [key, setKey] = useState('');
  const [keyEdited, setKeyEdited] = useState(false);
  const [type, setType] = useState<DataFieldType>('TEXT');
  const [target, setTarget] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const targets = useCollectionIds();
  const isReference = type === 'REFERENCE' || type === 'MULTI_REFERENCE';

  const close = () => {
    setDisplayName('');
    setKey('');
    setKeyEdited(false);
    setType('TEXT');
    setTarget(null);
    setChecked(false);
    create.reset();
    onClose();
  };
  const create = useCreateField(collection.id, {
    failure: false,
    onSuccess: () => {
      notifications.show({ color: 'teal', message: f.created(displayName || key) });
      close();
    },
  });

  const field: DataField = {
    key: key.trim(),
    displayName: displayName.trim() || null,
    type,
    ...(isReference && target
      ? {
          typeMetadata:
            type === 'REFERENCE'
              ? { reference: { referencedCollectionId: target } }
              : { multiReference: { referencedCollectionId: target } },
        }
      : {}),
  };
  // The same contract schema the server checks, plus what only the schema knows (a key already used).
  const local: Record<string, string> = {};
  const parsed = dataFieldSchema.safeParse(field);
  if (!parsed.success)
    for (const issue of parsed.error.issues) local[String(issue.path[0])] ??= issue.message;
  if (!field.key) local.key = f.keyRequired;
  else if (collection.fields.some((existing) => existing.key === field.key)) local.key = f.keyTaken;
  if (isReference && !target) local.target = s.schema.targetPlaceholder;
  const server = violationMap(create.error, ['field.']);
  const errors = { ...(checked ? local : {}), ...server };
  const general = create.error && Object.keys(server).length === 0 ? create.error.message : undefined;

  return (
    <Modal opened={opened} onClose={close} title={f.addTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (Object.keys(local).length === 0) create.mutate(field);
        }}
      >
        <Stack>
          {general && (
            <Alert color="red" variant="light" role="alert">
              {general}
            </Alert>
          )}
          <TextInput
            label={f.name}
            placeholder={f.displayNamePlaceholder}
            value={displayName}
            error={errors.displayName}
            data-autofocus
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDisplayName(value);
              if (!keyEdited) setKey(keyFromName(value));
              create.reset();
            }}
          />
          <TextInput
            label={f.key}
            description={f.keyHint}
            value={key}
            error={errors.key}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            onChange={(event) => {
              setKey(event.currentTarget.value);
              setKeyEdited(true);
              create.reset();
            }}
          />
          <Select
            label={f.type}
            data={typeOptions}
            value={type}
            searchable
            allowDeselect={false}
            maxDropdownHeight={280}
            error={errors.type}
            onChange={(value) => value && setType(value as DataFieldType)}
          />
          {isReference && (
            <Select
              label={s.schema.target}
              placeholder={s.schema.targetPlaceholder}
              data={(targets.data?.collections ?? []).map((item) => ({
                value: item.id,
                label: item.displayName ? `${item.displayName} (${item.id})` : item.id,
              }))}
              value={target}
              error={errors.target}
              onChange={setTarget}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
              {f.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RenameFieldModal({
  collection,
  field,
  onClose,
}: {
  collection: Collection;
  field: DataField | undefined;
  onClose: () => void;
}) {
  const [name, setName] = useState<string | null>(null);
  const value = name ?? field?.displayName ?? '';
  const close = () => {
    setName(null);
    rename.reset();
    onClose();
  };
  const rename = useRenameField(collection.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: f.renamed });
      close();
    },
  });
  return (
    <Modal opened={Boolean(field)} onClose={close} title={f.renameTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (field && value.trim()) rename.mutate({ key: field.key, displayName: value.trim() });
        }}
      >
        <Stack>
          <TextInput
            label={f.name}
            description={field ? f.renameHint(field.key) : undefined}
            value={value}
            data-autofocus
            required
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={!value.trim()}>
              {f.saveName}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteFieldModal({
  collection,
  field,
  onClose,
}: {
  collection: Collection;
  field: DataField | undefined;
  onClose: () => void;
}) {
  const remove = useDeleteField(collection.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: f.removed });
      onClose();
    },
  });
  return (
    <Modal opened={Boolean(field)} onClose={onClose} title={f.removeTitle}>
      <Stack>
        <Alert color="red" variant="light">
          {field && f.removeBody(fieldLabel(field), field.key)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {shared.common.cancel}
          </Button>
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => field && remove.mutate(field.key)}
          >
            {f.removeConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The collection's fields, each change saved at once: add a field, rename one, delete one (after a confirmation). */
export function FieldsPanel({ collection }: { collection: Collection }) {
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<DataField>();
  const [deleting, setDeleting] = useState<DataField>();
  const userFields = collection.fields.filter((field) => !field.systemField);
  const systemFields = collection.fields.filter((field) => field.systemField);

  return (
    <>
      <Card p={0}>
        <Group justify="space-between" align="flex-start" p="md" pb="xs" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={3} size="h4">
              {f.title}
            </Title>
            <Text size="sm" c="dimmed">
              {f.body}
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {f.add}
          </Button>
        </Group>
        {userFields.length === 0 ? (
          <EmptyState
            title={f.empty}
            body={f.emptyBody}
            action={
              <Button
                mt="sm"
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
              >
                {f.add}
              </Button>
            }
          />
        ) : null}
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm" aria-label={f.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{f.name}</Table.Th>
                <Table.Th>{f.key}</Table.Th>
                <Table.Th>{f.type}</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {userFields.map((field) => {
                const name = fieldLabel(field);
                return (
                  <Table.Tr key={field.key}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Code>{field.key}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" tt="none" fw={500}>
                        {s.types[field.type]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={f.rename(name)} openDelay={300}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={f.rename(name)}
                            onClick={() => setRenaming(field)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={f.remove(name)} openDelay={300}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={f.remove(name)}
                            onClick={() => setDeleting(field)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {systemFields.map((field) => (
                <Table.Tr key={field.key} c="dimmed">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Tooltip label={f.systemHint}>
                        <IconLock size={14} aria-label={f.system} />
                      </Tooltip>
                      <Text size="sm">{fieldLabel(field)}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Code c="dimmed">{field.key}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.types[field.type]}</Text>
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <AddFieldModal collection={collection} opened={adding} onClose={() => setAdding(false)} />
      <RenameFieldModal
        key={renaming?.key}
        collection={collection}
        field={renaming}
        onClose={() => setRenaming(undefined)}
      />
      <DeleteFieldModal collection={collection} field={deleting} onClose={() => setDeleting(undefined)} />
    </>
  );
}
