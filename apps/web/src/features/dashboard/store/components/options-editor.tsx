import type { Product } from '@atrium/sdk/modules/stores';
import { storesLimits, storesOptionInputSchema } from '@atrium/contract/stores/products-v1';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  ColorInput,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { useUpdateProduct } from '../api/products.ts';

const o = t.options;
type OptionType = 'drop_down' | 'color';

interface DraftChoice {
  description: string;
  value: string;
  visible: boolean;
}
interface DraftOption {
  key: number;
  name: string;
  optionType: OptionType;
  choices: DraftChoice[];
}

let nextKey = 0;

function draftsOf(product: Product): DraftOption[] {
  return product.productOptions.map((option) => ({
    key: nextKey++,
    name: option.name,
    optionType: option.optionType,
    choices: option.choices.map(({ description, value, visible }) => ({ description, value, visible })),
  }));
}

function wireOf(drafts: DraftOption[]) {
  return drafts.map((draft) => ({
    name: draft.name.trim(),
    optionType: draft.optionType,
    choices: draft.choices.map((choice) => ({
      description: choice.description,
      value: draft.optionType === 'color' ? choice.value : choice.description,
      visible: choice.visible,
    })),
  }));
}

function problemOf(drafts: DraftOption[]): string | undefined {
  const names = drafts.map((draft) => draft.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) return o.duplicate;
  for (const draft of drafts) {
    if (draft.choices.length === 0) return o.noChoices(draft.name.trim());
    const parsed = storesOptionInputSchema.safeParse(wireOf([draft])[0]);
    if (!parsed.success) return `${draft.name || o.name}: ${parsed.error.issues[0]?.message ?? ''}`;
  }
  return undefined;
}

/** The product's options and their choices; saving rebuilds the variant matrix, keeping what stays. */
export function OptionsEditor({ product }: { product: Product }) {
  const [drafts, setDrafts] = useState<DraftOption[]>(() => draftsOf(product));
  const [problem, setProblem] = useState<string>();
  const save = useUpdateProduct({
    onSuccess: () => notifications.show({ color: 'teal', message: o.saved }),
  });
  // The drafts give way to the saved options once they are read back.
  const [shown, setShown] = useState(product.productOptions);
  if (shown !== product.productOptions) {
    setShown(product.productOptions);
    setDrafts(draftsOf(product));
  }
  const changed = JSON.stringify(wireOf(drafts)) !== JSON.stringify(wireOf(draftsOf(product)));
  const removesChoices = product.productOptions.some((option) => {
    const draft = drafts.find((candidate) => candidate.name.trim() === option.name);
    return (
      !draft ||
      option.choices.some((choice) => !draft.choices.some((kept) => kept.description === choice.description))
    );
  });
  const update = (key: number, patch: Partial<DraftOption>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));

  return (
    <Card p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} fz="lg">
              {o.title}
            </Title>
            <Text size="sm" c="dimmed">
              {o.description}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={drafts.length >= storesLimits.options}
            onClick={() =>
              setDrafts((current) => [
                ...current,
                { key: nextKey++, name: '', optionType: 'drop_down', choices: [] },
              ])
            }
          >
            {o.add}
          </Button>
        </Group>
        {drafts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {o.none}
          </Text>
        ) : null}
        {drafts.map((draft) => (
          <Paper key={draft.key} withBorder p="md" radius="md">
            <Stack gap="sm">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={o.name}
                  placeholder={o.namePlaceholder}
                  value={draft.name}
                  maxLength={50}
                  onChange={(event) => update(draft.key, { name: event.currentTarget.value })}
                  w={220}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {o.type}
                  </Text>
                  <SegmentedControl
                    value={draft.optionType}
                    onChange={(value) => update(draft.key, { optionType: value as OptionType })}
                    data={(['drop_down', 'color'] as const).map((value) => ({
                      value,
                      label: o.types[value],
                    }))}
                  />
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  ml="auto"
                  aria-label={o.remove(draft.name)}
                  onClick={() =>
                    setDrafts((current) => current.filter((candidate) => candidate.key !== draft.key))
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <TagsInput
                label={o.choices}
                placeholder={o.choicesPlaceholder}
                value={draft.choices.map((choice) => choice.description)}
                maxTags={storesLimits.choicesPerOption}
                onChange={(names) =>
                  update(draft.key, {
                    choices: names.map(
                      (description) =>
                        draft.choices.find((choice) => choice.description === description) ?? {
                          description,
                          value: draft.optionType === 'color' ? '#cccccc' : description,
                          visible: true,
                        },
                    ),
                  })
                }
              />
              {draft.optionType === 'color' && draft.choices.length > 0 ? (
                <Group gap="sm" wrap="wrap">
                  {draft.choices.map((choice) => (
                    <ColorInput
                      key={choice.description}
                      size="xs"
                      w={150}
                      label={choice.description}
                      aria-label={o.colour(choice.description)}
                      value={choice.value.startsWith('#') ? choice.value : '#cccccc'}
                      onChange={(value) =>
                        update(draft.key, {
                          choices: draft.choices.map((candidate) =>
                            candidate === choice ? { ...candidate, value } : candidate,
                          ),
                        })
                      }
                    />
                  ))}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
        {changed && removesChoices ? (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} py="xs">
            {o.warning}
          </Alert>
        ) : null}
        {problem ? (
          <Text size="sm" c="red">
            {problem}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant={changed ? 'filled' : 'default'}
            disabled={!changed}
            loading={save.isPending}
            onClick={() => {
              const found = problemOf(drafts);
              setProblem(found);
              if (!found) save.mutate({ productId: product.id, input: { productOptions: wireOf(drafts) } });
            }}
          >
            {o.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
