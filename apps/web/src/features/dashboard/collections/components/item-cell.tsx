import type { DataField } from '@atrium/contract/data';
import {
  Anchor,
  Avatar,
  Badge,
  Checkbox,
  Code,
  Group,
  Image,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { t } from '../strings.ts';
import {
  editableInline,
  editorKind,
  formatValue,
  fromEditorText,
  toEditorText,
  type EditorKind,
} from '../lib/field-types.ts';
import classes from './items-table.module.css';

const s = t.collections.table;

const problems = { number: s.invalidNumber, date: s.invalidDate, json: s.invalidJson } as const;

function Empty() {
  return (
    <Text span size="sm" c="dimmed" aria-hidden>
      —
    </Text>
  );
}

/** A value shown the way its type reads best; `references` turns referenced ids into names. */
export function CellValue({
  field,
  value,
  references,
}: {
  field: DataField;
  value: unknown;
  references?: ReadonlyMap<string, string>;
}) {
  if (value === undefined || value === null || value === '') return <Empty />;
  switch (field.type) {
    case 'BOOLEAN':
      return (
        <Badge variant="light" color={value ? 'teal' : 'gray'} size="sm">
          {value ? s.yes : s.no}
        </Badge>
      );
    case 'IMAGE':
      if (typeof value === 'string' && /^(https?:|\/|data:image)/.test(value))
        return <Image src={value} alt="" h={32} w={48} radius="sm" fit="cover" />;
      break;
    case 'URL':
      // Only web links become links: a `javascript:` value stored before the server refused it stays text.
      if (typeof value === 'string' && /^https?:\/\//i.test(value))
        return (
          <Anchor href={value} target="_blank" rel="noreferrer" size="sm" className={classes.clamp}>
            {value.replace(/^https?:\/\//, '')}
          </Anchor>
        );
      break;
    case 'ARRAY_STRING':
      if (Array.isArray(value))
        return (
          <Group gap={4} wrap="nowrap">
            {value.slice(0, 3).map((tag, index) => (
              <Badge key={`${String(tag)}-${index}`} variant="light" color="gray" size="sm" tt="none">
                {String(tag)}
              </Badge>
            ))}
            {value.length > 3 && (
              <Text size="xs" c="dimmed">
                +{value.length - 3}
              </Text>
            )}
          </Group>
        );
      break;
    case 'REFERENCE': {
      const id = typeof value === 'string' ? value : (value as { _id?: string })._id;
      if (id) {
        const name = references?.get(id);
        return (
          <Group gap={6} wrap="nowrap">
            <Avatar size={20} radius="xl" color="brand" variant="light">
              {(name ?? id).slice(0, 1).toUpperCase()}
            </Avatar>
            <Text span size="sm" className={classes.clamp}>
              {name ?? id}
            </Text>
          </Group>
        );
      }
      break;
    }
    default:
      break;
  }
  const kind = editorKind(field.type);
  const text = formatValue(field.type, value);
  if (kind === 'json')
    return (
      <Code className={classes.clamp} fz="xs">
        {text}
      </Code>
    );
  return (
    <Text span size="sm" className={classes.clamp} title={text.length > 40 ? text : undefined}>
      {text}
    </Text>
  );
}

function inputType(kind: EditorKind): string {
  if (kind === 'date') return 'date';
  if (kind === 'datetime') return 'datetime-local';
  if (kind === 'time') return 'time';
  return 'text';
}

/**
 * One table cell. Editable types open an editor on click, Enter or F2 (Enter saves, Escape cancels, leaving the
 * cell saves); a yes/no field is a checkbox that saves when toggled; system fields are read-only.
 */
export function ItemCell({
  field,
  value,
  itemLabel,
  references,
  onSave,
}: {
  field: DataField;
  value: unknown;
  itemLabel: string;
  references?: ReadonlyMap<string, string>;
  onSave: (value: unknown) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const kind = editorKind(field.type);
  const label = s.editCell(field.displayName || field.key, itemLabel);

  if (!editableInline(field)) return <CellValue field={field} value={value} references={references} />;

  if (kind === 'boolean')
    return (
      <Checkbox
        aria-label={label}
        checked={value === true}
        onChange={(event) => onSave(event.currentTarget.checked)}
      />
    );

  const start = () => {
    setText(toEditorText(kind, value));
    setProblem(undefined);
    setEditing(true);
  };
  const commit = () => {
    const parsed = fromEditorText(kind, text);
    if (!parsed.ok) {
      setProblem(problems[parsed.problem]);
      return;
    }
    setEditing(false);
    const unchanged = toEditorText(kind, value) === text;
    if (!unchanged) onSave(parsed.value);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setEditing(false);
    } else if (event.key === 'Enter' && !(kind === 'longText' && event.shiftKey)) {
      event.preventDefault();
      commit();
    }
  };

  if (editing) {
    const common = {
      'aria-label': label,
      value: text,
      autoFocus: true,
      size: 'xs' as const,
      error: problem,
      title: s.editHint,
      onKeyDown,
      onBlur: () => (problem ? setEditing(false) : commit()),
      onChange: (event: { currentTarget: { value: string } }) => {
        setText(event.currentTarget.value);
        setProblem(undefined);
      },
    };
    return kind === 'longText' ? (
      <Textarea {...common} autosize minRows={2} maxRows={6} className={classes.editor} />
    ) : (
      <TextInput
        {...common}
        type={inputType(kind)}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        className={classes.editor}
      />
    );
  }

  return (
    <UnstyledButton
      className={classes.cellButton}
      aria-label={`${label}: ${formatValue(field.type, value) || '—'}`}
      onClick={start}
      onKeyDown={(event) => {
        if (event.key === 'F2') start();
      }}
    >
      <CellValue field={field} value={value} references={references} />
    </UnstyledButton>
  );
}
