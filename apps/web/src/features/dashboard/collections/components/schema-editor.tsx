import {
  collectionInputSchema,
  dataRoleSchema,
  type DataField,
  type DataFieldType,
  type DataPermissions,
  type DataRole,
} from '@atrium/contract/data';
import { platformErrorCodes } from '@atrium/contract/errors';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  Select,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { t } from '../strings.ts';
import { errorCode } from '../../shared/errors.ts';
import { useCollectionIds, useReloadCollection, type Collection } from '../api/collections-queries.ts';
import { useSaveSchema } from '../api/collection-changes.ts';
import { fieldLabel, fieldTypeGroups, keyFromName, uniqueOptions } from '../lib/field-types.ts';
import { dataErrorMessage, violationMap } from '../lib/data-errors.ts';

const s = t.collections;
const ss = s.schema;
const operations = ['read', 'insert', 'update', 'remove'] as const;

interface DraftField {
  uid: string;
  key: string;
  /** The key the field had when the editor opened (undefined for new fields). */
  originalKey?: string;
  /** Whether the key follows the name (new fields until the key is edited by hand). */
  keyFollowsName: boolean;
  displayName: string;
  type: DataFieldType;
  target: string | null;
  required: boolean;
  typeMetadata: DataField['typeMetadata'];
  description: DataField['description'];
}

interface Draft {
  fields: DraftField[];
  displayField: string | null;
  defaultOrder: Collection['defaultDisplayOrder'];
  permissions: DataPermissions;
}

let uidCounter = 0;
const nextUid = () => `f${++uidCounter}`;

function draftOf(collection: Collection): Draft {
  return {
    fields: collection.fields
      .filter((field) => !field.systemField)
      .map((field) => ({
        uid: nextUid(),
        key: field.key,
        originalKey: field.key,
        keyFollowsName: false,
        displayName: field.displayName ?? '',
        type: field.type,
        target:
          field.typeMetadata?.reference?.referencedCollectionId ??
          field.typeMetadata?.multiReference?.referencedCollectionId ??
          null,
        required: Boolean(field.required),
        typeMetadata: field.typeMetadata,
        description: field.description,
      })),
    displayField: collection.displayField,
    defaultOrder: collection.defaultDisplayOrder ?? null,
    permissions: { ...collection.permissions },
  };
}

function toField(field: DraftField): DataField {
  // Reference metadata follows the chosen type and target; any other metadata the field had is kept.
  const { reference: _reference, multiReference: _multi, ...otherMetadata } = field.typeMetadata ?? {};
  const typeMetadata =
    field.type === 'REFERENCE'
      ? { ...otherMetadata, reference: { referencedCollectionId: field.target ?? '' } }
      : field.type === 'MULTI_REFERENCE'
        ? { ...otherMetadata, multiReference: { referencedCollectionId: field.target ?? '' } }
        : Object.keys(otherMetadata).length > 0
          ? otherMetadata
          : undefined;
  return {
    key: field.key.trim(),
    displayName: field.displayName.trim() || null,
    type: field.type,
    ...(typeMetadata ? { typeMetadata } : {}),
    ...(field.required ? { required: true } : {}),
    ...(field.description ? { description: field.description } : {}),
  };
}

/** `fields[2].key`, as the server names paths (without the request's `collection.` wrapper). */
function pathOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path)
    out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
}

/** The same checks the server makes with the same contract schema, plus duplicate keys. */
function localErrors(payload: ReturnType<typeof payloadOf>): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = collectionInputSchema.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) errors[pathOf(issue.path)] ??= issue.message;
  }
  const seen = new Map<string, number>();
  (payload.fields ?? []).forEach((field, index) => {
    if (!field.key) errors[`fields[${index}].key`] = ss.keyRequired;
    else if (seen.has(field.key)) errors[`fields[${index}].key`] = ss.duplicateKey;
    seen.set(field.key, index);
    if (
      (field.type === 'REFERENCE' || field.type === 'MULTI_REFERENCE') &&
      !(
        field.typeMetadata?.reference?.referencedCollectionId ??
        field.typeMetadata?.multiReference?.referencedCollectionId
      )
    ) {
      const at = field.type === 'REFERENCE' ? 'reference' : 'multiReference';
      errors[`fields[${index}].typeMetadata.${at}.referencedCollectionId`] = ss.targetPlaceholder;
    }
  });
  return errors;
}

function payloadOf(collection: Collection, draft: Draft) {
  return {
    id: collection.id,
    displayName: collection.displayName,
    displayField: draft.displayField,
    fields: draft.fields.map(toField),
    permissions: draft.permissions,
    defaultDisplayOrder: draft.defaultOrder ?? null,
    maxPageSize: collection.maxPageSize,
    revision: collection.revision,
  };
}

const typeOptions = fieldTypeGroups.map(({ group, types }) => ({
  group: s.typeGroups[group],
  items: types.map((type) => ({ value: type, label: s.types[type] })),
}));

const roleOptions = dataRoleSchema.options.map((role) => ({ value: role, label: s.roles[role] }));

function FieldRow({
  field,
  index,
  errors,
  targets,
  onChange,
  onRemove,
}: {
  field: DraftField;
  index: number;
  errors: Record<string, string>;
  targets: Array<{ value: string; label: string }>;
  onChange: (patch: Partial<DraftField>) => void;
  onRemove: () => void;
}) {
  const isReference = field.type === 'REFERENCE' || field.type === 'MULTI_REFERENCE';
  const targetError =
    errors[`fields[${index}].typeMetadata.reference.referencedCollectionId`] ??
    errors[`fields[${index}].typeMetadata.multiReference.referencedCollectionId`];
  const name = fieldLabel(field) || `#${index + 1}`;
  const keyChanged = field.originalKey !== undefined && field.originalKey !== field.key;
  return (
    <Table.Tr data-testid={`field-row-${index}`}>
      <Table.Td>
        <TextInput
          aria-label={`${ss.fieldName} ${index + 1}`}
          placeholder={ss.fieldName}
          value={field.displayName}
          error={errors[`fields[${index}].displayName`]}
          onChange={(event) => {
            const displayName = event.currentTarget.value;
            onChange(field.keyFollowsName ? { displayName, key: keyFromName(displayName) } : { displayName });
          }}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${ss.key} ${index + 1}`}
          placeholder={ss.key}
          value={field.key}
          error={errors[`fields[${index}].key`]}
          description={keyChanged ? ss.keyChanged : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={(event) => onChange({ key: event.currentTarget.value, keyFollowsName: false })}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={6}>
          <Select
            aria-label={`${ss.type} ${index + 1}`}
            data={typeOptions}
            value={field.type}
            searchable
            allowDeselect={false}
            maxDropdownHeight={320}
            error={errors[`fields[${index}].type`]}
            onChange={(value) => value && onChange({ type: value as DataFieldType })}
          />
          {isReference && (
            <Select
              aria-label={`${ss.target} ${index + 1}`}
              placeholder={ss.targetPlaceholder}
              data={targets}
              value={field.target}
              error={targetError}
              onChange={(value) => onChange({ target: value })}
            />
          )}
        </Stack>
      </Table.Td>
      <Table.Td ta="center">
        <Checkbox
          aria-label={`${ss.required}: ${name}`}
          checked={field.required}
          onChange={(event) => onChange({ required: event.currentTarget.checked })}
          styles={{ body: { justifyContent: 'center' } }}
        />
      </Table.Td>
      <Table.Td>
        <Tooltip label={ss.remove(name)}>
          <ActionIcon variant="subtle" color="red" aria-label={ss.remove(name)} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** Fields (add, rename, retype, remove), the display field and who may do what, saved together. */
export function SchemaEditor({ collection }: { collection: Collection }) {
  const reload = useReloadCollection(collection.id);
  const initial = useMemo(() => draftOf(collection), [collection]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [showLocal, setShowLocal] = useState(false);
  const collections = useCollectionIds();
  const targets: Array<{ value: string; label: string }> = (collections.data?.collections ?? []).map(
    (item) => ({
      value: item.id,
      label: item.displayName ? `${item.displayName} (${item.id})` : item.id,
    }),
  );
  if (!targets.some((target) => target.value === collection.id))
    targets.push({ value: collection.id, label: collection.displayName ?? collection.id });

  const payload = payloadOf(collection, draft);
  const local = localErrors(payload);
  const save = useSaveSchema(collection.id, {
    onSuccess: () => notifications.show({ color: 'teal', message: ss.saved }),
    // The editor puts the server's objections on the fields, and a stale copy above them.
    failure: false,
  });
  const serverErrors = violationMap(save.error, ['collection.']);
  const errors = { ...(showLocal ? local : {}), ...serverErrors };
  const stale = errorCode(save.error) === platformErrorCodes.staleRevision;
  const dirty = JSON.stringify(payloadOf(collection, initial)) !== JSON.stringify(payload);

  const update = (uid: string, patch: Partial<DraftField>) => {
    save.reset();
    setDraft((current) => ({
      ...current,
      fields: current.fields.map((field) => (field.uid === uid ? { ...field, ...patch } : field)),
    }));
  };
  const addField = () => {
    save.reset();
    setDraft((current) => ({
      ...current,
      fields: [
        ...current.fields,
        {
          uid: nextUid(),
          key: '',
          keyFollowsName: true,
          displayName: '',
          type: 'TEXT',
          target: null,
          required: false,
          typeMetadata: undefined,
          description: undefined,
        },
      ],
    }));
  };
  const removeField = (uid: string) => {
    save.reset();
    setDraft((current) => {
      const removed = current.fields.find((field) => field.uid === uid);
      return {
        ...current,
        fields: current.fields.filter((field) => field.uid !== uid),
        displayField: removed && current.displayField === removed.key ? null : current.displayField,
        defaultOrder: removed && current.defaultOrder?.fieldKey === removed.key ? null : current.defaultOrder,
      };
    });
  };
  const submit = () => {
    setShowLocal(true);
    if (Object.keys(local).length === 0) save.mutate(payload);
  };

  const displayOptions = uniqueOptions([
    { value: '_id', label: 'ID (_id)' },
    ...draft.fields
      .filter((field) => field.key && ['TEXT', 'SLUG', 'EMAIL', 'URL', 'NUMBER'].includes(field.type))
      .map((field) => ({ value: field.key, label: fieldLabel(field) })),
  ]);
  const systemFields = collection.fields.filter((field) => field.systemField);
  const orderOptions = uniqueOptions(
    [...draft.fields.filter((field) => field.key), ...systemFields]
      .filter((field) => field.type !== 'MULTI_REFERENCE')
      .map((field) => ({ value: field.key, label: fieldLabel(field) })),
  );
  const generalError =
    save.error && Object.keys(serverErrors).length === 0 && !stale ? dataErrorMessage(save.error) : undefined;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        {stale && (
          <Alert color="orange" icon={<IconAlertCircle size={18} />} title={ss.stale}>
            <Button size="xs" variant="light" color="orange" mt="xs" onClick={reload}>
              {ss.reload}
            </Button>
          </Alert>
        )}
        {generalError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {generalError}
          </Alert>
        )}
        <Card p={0}>
          <Stack gap={4} p="md" pb="xs">
            <Title order={4}>{ss.fieldsTitle}</Title>
            <Text size="sm" c="dimmed">
              {ss.fieldsBody}
            </Text>
          </Stack>
          {draft.fields.length === 0 ? (
            <Text size="sm" c="dimmed" px="md" py="lg" ta="center">
              {ss.noFields}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs" style={{ verticalAlign: 'top' }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="28%">{ss.fieldName}</Table.Th>
                    <Table.Th w="26%">{ss.key}</Table.Th>
                    <Table.Th>{ss.type}</Table.Th>
                    <Table.Th w={90} ta="center">
                      {ss.required}
                    </Table.Th>
                    <Table.Th w={48} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.fields.map((field, index) => (
                    <FieldRow
                      key={field.uid}
                      field={field}
                      index={index}
                      errors={errors}
                      targets={targets}
                      onChange={(patch) => update(field.uid, patch)}
                      onRemove={() => removeField(field.uid)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group p="md" pt="xs">
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addField}>
              {ss.add}
            </Button>
          </Group>
          <Stack gap={6} px="md" pb="md">
            <Group gap={6}>
              <IconLock size={14} color="var(--mantine-color-dimmed)" />
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                {ss.systemTitle}
              </Text>
              <Text size="xs" c="dimmed">
                · {ss.systemBody}
              </Text>
            </Group>
            <Group gap={6}>
              {systemFields.map((field) => (
                <Badge key={field.key} variant="default" radius="sm" tt="none" fw={500}>
                  {fieldLabel(field)}{' '}
                  <Text span ff="monospace" size="xs" c="dimmed">
                    {field.key}
                  </Text>
                </Badge>
              ))}
            </Group>
          </Stack>
        </Card>

        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <Card>
            <Stack gap="md">
              <Title order={4}>{ss.displayTitle}</Title>
              <Select
                label={ss.displayField}
                description={ss.displayFieldHint}
                data={displayOptions}
                value={draft.displayField}
                clearable
                error={errors.displayField}
                onChange={(value) => {
                  save.reset();
                  setDraft((current) => ({ ...current, displayField: value }));
                }}
              />
              <Select
                label={ss.defaultOrder}
                description={ss.defaultOrderHint}
                placeholder={ss.defaultOrderNone}
                data={orderOptions}
                value={draft.defaultOrder?.fieldKey ?? null}
                clearable
                error={errors['defaultDisplayOrder.fieldKey']}
                onChange={(value) => {
                  save.reset();
                  setDraft((current) => ({
                    ...current,
                    defaultOrder: value
                      ? { fieldKey: value, direction: current.defaultOrder?.direction ?? 'ASC' }
                      : null,
                  }));
                }}
              />
              {draft.defaultOrder && (
                <SegmentedControl
                  aria-label={ss.defaultOrder}
                  size="xs"
                  value={draft.defaultOrder.direction}
                  data={[
                    { value: 'ASC', label: ss.ascending },
                    { value: 'DESC', label: ss.descending },
                  ]}
                  onChange={(value) => {
                    save.reset();
                    setDraft((current) => ({
                      ...current,
                      defaultOrder: current.defaultOrder && {
                        ...current.defaultOrder,
                        direction: value as 'ASC' | 'DESC',
                      },
                    }));
                  }}
                />
              )}
            </Stack>
          </Card>
          <Card style={{ gridColumn: 'span 2' }}>
            <Stack gap="sm">
              <div>
                <Title order={4}>{ss.permissionsTitle}</Title>
                <Text size="sm" c="dimmed">
                  {ss.permissionsBody}
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {operations.map((operation) => (
                  <Select
                    key={operation}
                    label={ss.operations[operation]}
                    data={roleOptions}
                    value={draft.permissions[operation]}
                    allowDeselect={false}
                    description={s.roleHints[draft.permissions[operation]]}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    error={errors[`permissions.${operation}`]}
                    onChange={(value) => {
                      if (!value) return;
                      save.reset();
                      setDraft((current) => ({
                        ...current,
                        permissions: { ...current.permissions, [operation]: value as DataRole },
                      }));
                    }}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>
      {dirty && (
        <Paper
          shadow="md"
          withBorder
          radius="md"
          p="sm"
          px="md"
          style={{ position: 'sticky', bottom: 16, zIndex: 5 }}
          mt="lg"
        >
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {showLocal && Object.keys(errors).length > 0 ? ss.invalid : ss.unsaved}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  save.reset();
                  setShowLocal(false);
                  setDraft(draftOf(collection));
                }}
              >
                {ss.discard}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {ss.save}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </form>
  );
}
