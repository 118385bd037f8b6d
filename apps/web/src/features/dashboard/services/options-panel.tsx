import type { Service, ServiceChoice, ServiceOptionsAndVariants } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  NumberInput,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock, IconList, IconPlus, IconTrash, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { useSite, useStaffMembers } from '../shared/api/catalogue.ts';
import { formatMoneyOf } from '../shared/format.ts';
import { Loading, LoadError } from '../shared/ui.tsx';
import { useSaveServiceOptions, useServiceOptions } from './api/options.ts';

const s = t.options;
type OptionType = 'CUSTOM' | 'STAFF_MEMBER' | 'DURATION';

interface Option {
  id: string;
  type: OptionType;
  name: string;
  /** CUSTOM: the choices; DURATION: minutes as text (the tags input holds strings). */
  choices: string[];
}

// A price table of thousands of rows is a mistake, not a catalogue; the server caps variants at 500.
const maxVariants = 500;

function choicesOf(option: Option, staffIds: string[]): ServiceChoice[] {
  switch (option.type) {
    case 'CUSTOM':
      return option.choices.map((custom) => ({ optionId: option.id, custom }));
    case 'STAFF_MEMBER':
      return staffIds.map((staffMemberId) => ({ optionId: option.id, staffMemberId }));
    case 'DURATION':
      return option.choices
        .map(Number)
        .filter((minutes) => Number.isInteger(minutes) && minutes > 0)
        .map((minutes) => ({ optionId: option.id, duration: { minutes } }));
  }
}

/** Every combination of one choice per option. */
function combinations(options: Option[], staffIds: string[]): ServiceChoice[][] {
  return options.reduce<ServiceChoice[][]>(
    (rows, option) => rows.flatMap((row) => choicesOf(option, staffIds).map((choice) => [...row, choice])),
    [[]],
  );
}

function choiceKey(choice: ServiceChoice): string {
  return `${choice.optionId}:${choice.custom ?? choice.staffMemberId ?? choice.duration?.minutes ?? ''}`;
}
const rowKey = (choices: ServiceChoice[]) => choices.map(choiceKey).sort().join('|');

function fromSaved(saved: ServiceOptionsAndVariants): { options: Option[]; prices: Record<string, number> } {
  const options = saved.options.values.map((option): Option => {
    if (option.type === 'CUSTOM')
      return {
        id: option.id,
        type: 'CUSTOM',
        name: option.customData?.name ?? '',
        choices: option.customData?.choices ?? [],
      };
    if (option.type === 'DURATION') {
      const minutes = new Set<number>();
      for (const variant of saved.variants.values)
        for (const choice of variant.choices)
          if (choice.optionId === option.id && choice.duration) minutes.add(choice.duration.minutes);
      return {
        id: option.id,
        type: 'DURATION',
        name: option.durationData?.name ?? '',
        choices: [...minutes].sort((a, b) => a - b).map(String),
      };
    }
    return { id: option.id, type: 'STAFF_MEMBER', name: '', choices: [] };
  });
  const prices: Record<string, number> = {};
  for (const variant of saved.variants.values) prices[rowKey(variant.choices)] = Number(variant.price.value);
  return { options, prices };
}

function basePrice(service: WithDates<Service>): number {
  const payment = service.payment;
  return Number(payment?.fixed?.price?.value ?? payment?.varied?.defaultPrice?.value ?? 0);
}

function OptionsEditor({
  service,
  saved,
}: {
  service: WithDates<Service>;
  saved: WithDates<ServiceOptionsAndVariants> | null;
}) {
  const site = useSite();
  const staff = useStaffMembers();
  const staffNames = new Map((staff.data ?? []).map((member) => [member.id, member.name]));
  const initial = saved ? fromSaved(saved) : { options: [], prices: {} };
  const [options, setOptions] = useState<Option[]>(initial.options);
  const [prices, setPrices] = useState<Record<string, number>>(initial.prices);
  const staffIds = service.staffMemberIds;
  const rows = options.length ? combinations(options, staffIds) : [];
  const currency = site.data?.currency;
  const fallback = basePrice(service);

  const update = (id: string, change: Partial<Option>) =>
    setOptions(options.map((option) => (option.id === id ? { ...option, ...change } : option)));
  const addOption = (type: OptionType) =>
    setOptions([
      ...options,
      {
        id: crypto.randomUUID(),
        type,
        name: type === 'DURATION' ? s.durationDefaultName : '',
        choices: [],
      },
    ]);

  const problem =
    rows.length > maxVariants
      ? s.tooMany(maxVariants)
      : options.some((option) => option.type === 'STAFF_MEMBER') && staffIds.length === 0
        ? s.noStaff
        : options.some((option) => option.type === 'CUSTOM' && !option.name.trim())
          ? s.nameMissing
          : options.some((option) => option.type !== 'STAFF_MEMBER' && option.choices.length === 0)
            ? s.choicesMissing
            : undefined;

  const save = useSaveServiceOptions(service.id, {
    onSuccess: () => notifications.show({ color: 'teal', message: s.saved }),
  });
  const submit = () => {
    if (options.length === 0) {
      save.mutate({ saved, body: null });
      return;
    }
    const money = (value: number) => ({ value: value.toFixed(2), ...(currency ? { currency } : {}) });
    const body = {
      options: {
        values: options.map((option) =>
          option.type === 'CUSTOM'
            ? {
                id: option.id,
                type: option.type,
                customData: { name: option.name.trim(), choices: option.choices },
              }
            : option.type === 'DURATION'
              ? { id: option.id, type: option.type, durationData: { name: option.name.trim() || null } }
              : { id: option.id, type: option.type },
        ),
      },
      variants: {
        values: rows.map((choices) => ({ choices, price: money(prices[rowKey(choices)] ?? fallback) })),
      },
    };
    save.mutate({ saved, body });
  };

  const optionLabel = (choice: ServiceChoice) => {
    if (choice.staffMemberId) return staffNames.get(choice.staffMemberId) ?? '—';
    if (choice.duration) return s.minutes(choice.duration.minutes);
    return choice.custom ?? '—';
  };
  const icon = { CUSTOM: IconList, STAFF_MEMBER: IconUser, DURATION: IconClock };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {s.intro}
      </Text>
      {options.map((option) => {
        const Icon = icon[option.type];
        return (
          <Card key={option.id} withBorder radius="md" p="md">
            <Group justify="space-between" mb="sm">
              <Group gap="xs">
                <Icon size={18} />
                <Text fw={600} size="sm">
                  {s.types[option.type]}
                </Text>
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={s.removeOption(s.types[option.type])}
                onClick={() => setOptions(options.filter((entry) => entry.id !== option.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {option.type === 'STAFF_MEMBER' ? (
              <Group gap={6}>
                {staffIds.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {s.noStaff}
                  </Text>
                ) : (
                  staffIds.map((id) => (
                    <Badge key={id} variant="light">
                      {staffNames.get(id) ?? '…'}
                    </Badge>
                  ))
                )}
              </Group>
            ) : (
              <Group grow align="flex-start">
                <TextInput
                  label={s.optionName}
                  placeholder={option.type === 'CUSTOM' ? s.customNamePlaceholder : s.durationDefaultName}
                  value={option.name}
                  onChange={(event) => update(option.id, { name: event.currentTarget.value })}
                />
                <TagsInput
                  label={option.type === 'CUSTOM' ? s.choices : s.durations}
                  description={option.type === 'CUSTOM' ? s.choicesHint : s.durationsHint}
                  placeholder={option.type === 'CUSTOM' ? s.choicePlaceholder : s.durationPlaceholder}
                  value={option.choices}
                  onChange={(choices) =>
                    update(option.id, {
                      choices:
                        option.type === 'DURATION'
                          ? choices.filter((value) => /^\d{1,5}$/.test(value.trim()) && Number(value) > 0)
                          : choices,
                    })
                  }
                />
              </Group>
            )}
          </Card>
        );
      })}
      <Group>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="light" leftSection={<IconPlus size={16} />} disabled={options.length >= 10}>
              {s.addOption}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(['DURATION', 'STAFF_MEMBER', 'CUSTOM'] as const).map((type) => {
              const Icon = icon[type];
              const taken = type !== 'CUSTOM' && options.some((option) => option.type === type);
              return (
                <Menu.Item
                  key={type}
                  leftSection={<Icon size={16} />}
                  disabled={taken}
                  onClick={() => addOption(type)}
                >
                  {s.types[type]}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      </Group>

      {rows.length > 0 && rows[0]!.length > 0 && !problem && (
        <Stack gap="xs">
          <Title order={5}>{s.prices}</Title>
          <Text size="sm" c="dimmed">
            {s.pricesHint(formatMoneyOf({ value: fallback.toFixed(2), currency }))}
          </Text>
          <Card withBorder p={0} radius="md">
            <Table verticalSpacing={6} aria-label={s.prices}>
              <Table.Thead>
                <Table.Tr>
                  {options.map((option) => (
                    <Table.Th key={option.id}>{option.name.trim() || s.types[option.type]}</Table.Th>
                  ))}
                  <Table.Th w={200}>{s.price}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((choices) => {
                  const id = rowKey(choices);
                  const label = choices.map(optionLabel).join(', ');
                  return (
                    <Table.Tr key={id}>
                      {choices.map((choice) => (
                        <Table.Td key={choiceKey(choice)}>
                          <Text size="sm">{optionLabel(choice)}</Text>
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          aria-label={s.priceOf(label)}
                          min={0}
                          decimalScale={2}
                          fixedDecimalScale
                          prefix={currency ? `${currency} ` : ''}
                          value={prices[id] ?? fallback}
                          onChange={(value) => setPrices({ ...prices, [id]: Number(value) || 0 })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Card>
          {saved?.minPrice && saved.maxPrice && (
            <Text size="xs" c="dimmed">
              {s.range(formatMoneyOf(saved.minPrice), formatMoneyOf(saved.maxPrice))}
            </Text>
          )}
        </Stack>
      )}
      {problem && options.length > 0 && <Alert color="yellow">{problem}</Alert>}
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          disabled={Boolean(problem) || (options.length === 0 && !saved)}
          onClick={submit}
        >
          {options.length === 0 && saved ? s.removeAll : s.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** Options (staff member, duration, custom choices) and a price for every combination of them. */
export function OptionsPanel({ service }: { service: WithDates<Service> }) {
  const saved = useServiceOptions(service.id);
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <LoadError error={saved.error} />;
  return <OptionsEditor key={saved.data?.revision ?? 'none'} service={service} saved={saved.data} />;
}
