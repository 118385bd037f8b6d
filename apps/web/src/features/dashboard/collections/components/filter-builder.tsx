import type { DataField } from '@atrium/contract/data';
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilter, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { editorKind, fieldLabel, uniqueOptions } from '../lib/field-types.ts';
import {
  isUnary,
  operatorsFor,
  ruleValue,
  type FilterOperator,
  type FilterRule,
} from '../lib/filter-rules.ts';

const s = t.collections.table;

function operatorLabel(field: DataField | undefined, operator: FilterOperator): string {
  const kind = field ? editorKind(field.type) : 'text';
  if ((kind === 'date' || kind === 'datetime') && operator in s.dateOperators)
    return s.dateOperators[operator as keyof typeof s.dateOperators];
  return s.operators[operator];
}

function valueInputType(field: DataField | undefined): string {
  const kind = field ? editorKind(field.type) : 'text';
  if (kind === 'date') return 'date';
  if (kind === 'datetime') return 'datetime-local';
  if (kind === 'time') return 'time';
  return 'text';
}

/** How a rule reads in the pill under the toolbar: `Views is greater than 100`. */
export function describeRule(rule: FilterRule, fields: readonly DataField[]): string {
  const field = fields.find((candidate) => candidate.key === rule.field);
  const name = field ? fieldLabel(field) : rule.field;
  const operator = operatorLabel(field, rule.operator);
  return isUnary(rule.operator) ? `${name} ${operator}` : `${name} ${operator} ${rule.value}`;
}

function RuleRow({
  rule,
  index,
  fields,
  onChange,
  onRemove,
}: {
  rule: FilterRule;
  index: number;
  fields: readonly DataField[];
  onChange: (rule: FilterRule) => void;
  onRemove: () => void;
}) {
  const field = fields.find((candidate) => candidate.key === rule.field);
  const operators = field ? operatorsFor(field) : [];
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Select
        aria-label={`${s.filterField} ${index + 1}`}
        w={170}
        size="sm"
        searchable
        allowDeselect={false}
        data={uniqueOptions(
          fields.map((candidate) => ({ value: candidate.key, label: fieldLabel(candidate) })),
        )}
        value={rule.field}
        comboboxProps={{ withinPortal: false }}
        onChange={(value) => {
          const next = fields.find((candidate) => candidate.key === value);
          if (!next) return;
          const allowed = operatorsFor(next);
          onChange({
            field: next.key,
            operator: allowed.includes(rule.operator) ? rule.operator : allowed[0]!,
            value: '',
          });
        }}
      />
      <Select
        aria-label={`${s.filterOperator} ${index + 1}`}
        w={160}
        size="sm"
        allowDeselect={false}
        data={operators.map((operator) => ({ value: operator, label: operatorLabel(field, operator) }))}
        value={rule.operator}
        comboboxProps={{ withinPortal: false }}
        onChange={(value) => value && onChange({ ...rule, operator: value as FilterOperator })}
      />
      {isUnary(rule.operator) ? (
        <div style={{ width: 180 }} />
      ) : (
        <TextInput
          aria-label={`${s.filterValue} ${index + 1}`}
          w={180}
          size="sm"
          type={valueInputType(field)}
          placeholder={s.filterValue}
          value={rule.value}
          onChange={(event) => onChange({ ...rule, value: event.currentTarget.value })}
        />
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        mt={4}
        aria-label={`${s.removeFilter} ${index + 1}`}
        onClick={onRemove}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Conditions on fields (all must hold), edited in a popover and applied together. */
export function FilterBuilder({
  fields,
  rules,
  onApply,
}: {
  fields: readonly DataField[];
  rules: readonly FilterRule[];
  onApply: (rules: FilterRule[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<FilterRule[]>([]);
  const filterable = fields.filter((field) => operatorsFor(field).length > 0);
  const blank = (): FilterRule => {
    const field = filterable[0]!;
    return { field: field.key, operator: operatorsFor(field)[0]!, value: '' };
  };
  const open = () => {
    setDraft(rules.length > 0 ? [...rules] : filterable.length > 0 ? [blank()] : []);
    setOpened(true);
  };
  const apply = () => {
    onApply(
      draft.filter(
        (rule) =>
          ruleValue(
            rule,
            fields.find((field) => field.key === rule.field),
          ).ok,
      ),
    );
    setOpened(false);
  };
  return (
    <Group gap="xs">
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withArrow>
        <Popover.Target>
          <Button
            variant={rules.length > 0 ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            onClick={() => (opened ? setOpened(false) : open())}
            aria-expanded={opened}
          >
            {s.filterCount(rules.length)}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {s.filtersTitle}
              </Text>
              {draft.map((rule, index) => (
                <RuleRow
                  key={index}
                  rule={rule}
                  index={index}
                  fields={filterable}
                  onChange={(next) =>
                    setDraft((current) => current.map((item, at) => (at === index ? next : item)))
                  }
                  onRemove={() => setDraft((current) => current.filter((_item, at) => at !== index))}
                />
              ))}
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  disabled={filterable.length === 0}
                  onClick={() => setDraft((current) => [...current, blank()])}
                >
                  {s.addFilter}
                </Button>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => {
                      setDraft([]);
                      onApply([]);
                      setOpened(false);
                    }}
                  >
                    {s.clearFilters}
                  </Button>
                  <Button size="xs" type="submit">
                    {s.applyFilters}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
      {rules.map((rule, index) => {
        const text = describeRule(rule, fields);
        return (
          <Badge
            key={`${rule.field}-${index}`}
            variant="light"
            size="lg"
            radius="sm"
            tt="none"
            fw={500}
            pr={2}
            rightSection={
              <CloseButton
                size="sm"
                radius="sm"
                aria-label={`${s.removeFilter}: ${text}`}
                onClick={() => onApply(rules.filter((_item, at) => at !== index))}
              />
            }
          >
            {text}
          </Badge>
        );
      })}
    </Group>
  );
}
