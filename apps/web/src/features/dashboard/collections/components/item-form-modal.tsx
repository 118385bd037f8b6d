import type { DataField } from '@atrium/contract/data';
import type { DataItem } from '@atrium/sdk/modules/data';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  ScrollArea,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { useReferenceOptions, type Collection } from '../api/collections-queries.ts';
import { useSaveItem } from '../api/collection-changes.ts';
import { editorKind, fieldLabel, fromEditorText, toEditorText } from '../lib/field-types.ts';
import { dataErrorMessage, violationMap } from '../lib/data-errors.ts';

const s = t.collections;
const problems = {
  number: s.table.invalidNumber,
  date: s.table.invalidDate,
  json: s.table.invalidJson,
} as const;

type Values = Record<string, string | boolean | string[] | null>;

function ReferenceInput({
  field,
  value,
  error,
  onChange,
}: {
  field: DataField;
  value: string | string[] | null;
  error?: string;
  onChange: (value: string | string[] | null) => void;
}) {
  const target =
    field.typeMetadata?.reference?.referencedCollectionId ??
    field.typeMetadata?.multiReference?.referencedCollectionId;
  const options = useReferenceOptions(target);
  const common = {
    label: fieldLabel(field),
    description: s.types[field.type],
    placeholder: s.itemForm.referencePlaceholder,
    data: options.data ?? [],
    searchable: true,
    error,
    disabled: options.isPending && Boolean(target),
  };
  return field.type === 'MULTI_REFERENCE' ? (
    <MultiSelect {...common} value={Array.isArray(value) ? value : []} onChange={onChange} />
  ) : (
    <Select {...common} clearable value={typeof value === 'string' ? value : null} onChange={onChange} />
  );
}

/** The form's starting values for an existing item. */
function valuesOf(item: DataItem, fields: readonly DataField[]): Values {
  const values: Values = {};
  for (const field of fields) {
    const value = item[field.key];
    if (value === undefined || value === null) continue;
    const kind = editorKind(field.type);
    if (field.type === 'BOOLEAN') values[field.key] = value === true;
    else if (field.type === 'ARRAY_STRING' && Array.isArray(value)) values[field.key] = value.map(String);
    else if (kind === 'reference')
      values[field.key] = typeof value === 'string' ? value : ((value as { _id?: string })._id ?? null);
    else values[field.key] = toEditorText(kind, value);
  }
  return values;
}

/** A form with one typed input per field; the server's violations land on their inputs. */
export function ItemFormModal({
  collection,
  item: original,
  opened,
  onClose,
}: {
  collection: Collection;
  /** The item to edit; none to add a new one. */
  item?: DataItem;
  opened: boolean;
  onClose: () => void;
}) {
  // Multi-references live beside the item (the reference calls change them), so editing leaves them out.
  const fields = collection.fields.filter(
    (field) => !field.systemField && !(original && field.type === 'MULTI_REFERENCE'),
  );
  const initial = original ? valuesOf(original, fields) : {};
  const [values, setValues] = useState<Values>(initial);
  const [itemId, setItemId] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});

  const create = useSaveItem(collection.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: original ? s.itemForm.saved : s.itemForm.created });
      close();
    },
    // The form puts the server's objections on its fields.
    failure: false,
  });
  const serverErrors = violationMap(create.error, ['dataItem.data.']);
  const errors = { ...local, ...serverErrors };
  const generalError =
    create.error && Object.keys(serverErrors).length === 0 ? dataErrorMessage(create.error) : undefined;

  function close() {
    setValues(initial);
    setItemId('');
    setLocal({});
    create.reset();
    onClose();
  }

  const set = (key: string, value: Values[string]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setLocal(({ [key]: _dropped, ...rest }) => rest);
    create.reset();
  };

  const submit = () => {
    // An edit sends the whole item back (undeclared fields included), with the form's fields replaced.
    const item: Record<string, unknown> = original ? { ...original } : {};
    const found: Record<string, string> = {};
    for (const field of fields) {
      delete item[field.key];
      const raw = values[field.key];
      if (raw === undefined || raw === null) continue;
      const kind = editorKind(field.type);
      if (typeof raw === 'boolean' || Array.isArray(raw) || kind === 'reference') {
        if (!(Array.isArray(raw) && raw.length === 0) && raw !== '') item[field.key] = raw;
        continue;
      }
      const parsed = fromEditorText(kind, raw);
      if (!parsed.ok) found[field.key] = problems[parsed.problem];
      else if (parsed.value !== undefined) item[field.key] = parsed.value;
    }
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    if (itemId.trim()) item._id = itemId.trim();
    create.mutate({ item, id: original?._id });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        original
          ? s.itemForm.editTitle(String(original[collection.displayField ?? '_id'] ?? original._id))
          : s.itemForm.title
      }
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          {generalError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {generalError}
            </Alert>
          )}
          {fields.map((field, index) => {
            const kind = editorKind(field.type);
            const value = values[field.key] ?? null;
            const error = errors[field.key];
            const label = fieldLabel(field);
            const description = s.types[field.type];
            const autoFocus = index === 0;
            if (field.type === 'BOOLEAN')
              return (
                <Switch
                  key={field.key}
                  label={label}
                  checked={value === true}
                  error={error}
                  onChange={(event) => set(field.key, event.currentTarget.checked)}
                />
              );
            if (field.type === 'REFERENCE' || field.type === 'MULTI_REFERENCE')
              return (
                <ReferenceInput
                  key={field.key}
                  field={field}
                  value={value as string | string[] | null}
                  error={error}
                  onChange={(next) => set(field.key, next)}
                />
              );
            if (field.type === 'ARRAY_STRING')
              return (
                <TagsInput
                  key={field.key}
                  label={label}
                  description={description}
                  value={Array.isArray(value) ? value : []}
                  error={error}
                  onChange={(next) => set(field.key, next)}
                />
              );
            if (kind === 'longText' || kind === 'json')
              return (
                <Textarea
                  key={field.key}
                  label={label}
                  description={kind === 'json' ? `${description} · ${s.itemForm.jsonHint}` : description}
                  autosize
                  minRows={kind === 'json' ? 3 : 2}
                  maxRows={8}
                  value={typeof value === 'string' ? value : ''}
                  error={error}
                  required={Boolean(field.required)}
                  styles={
                    kind === 'json'
                      ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }
                      : undefined
                  }
                  onChange={(event) => set(field.key, event.currentTarget.value)}
                />
              );
            return (
              <TextInput
                key={field.key}
                label={label}
                description={description}
                data-autofocus={autoFocus || undefined}
                type={
                  kind === 'date'
                    ? 'date'
                    : kind === 'datetime'
                      ? 'datetime-local'
                      : kind === 'time'
                        ? 'time'
                        : field.type === 'EMAIL'
                          ? 'email'
                          : field.type === 'URL'
                            ? 'url'
                            : 'text'
                }
                inputMode={kind === 'number' ? 'decimal' : undefined}
                value={typeof value === 'string' ? value : ''}
                error={error}
                required={Boolean(field.required)}
                onChange={(event) => set(field.key, event.currentTarget.value)}
              />
            );
          })}
          {original ? (
            <TextInput
              label={s.itemForm.idReadOnly}
              value={original._id}
              readOnly
              variant="filled"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ) : (
            <TextInput
              label={s.itemForm.idLabel}
              description={s.itemForm.idHint}
              value={itemId}
              error={serverErrors._id}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onChange={(event) => {
                setItemId(event.currentTarget.value);
                create.reset();
              }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {original ? s.itemForm.save : s.itemForm.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
