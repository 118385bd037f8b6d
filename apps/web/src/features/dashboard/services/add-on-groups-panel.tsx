import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconPuzzle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { EmptyState, LoadError, Loading } from '../shared/ui.tsx';
import {
  useAddOnGroups,
  useAddOnNames,
  useDeleteAddOnGroup,
  useSaveAddOnGroup,
} from './api/add-on-groups.ts';

const s = t.addOns;

interface Draft {
  id?: string;
  name: string;
  prompt: string;
  max: number | '';
  addOns: string[];
}

function GroupCard({ serviceId, draft, onDone }: { serviceId: string; draft: Draft; onDone?: () => void }) {
  const [value, setValue] = useState(draft);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveAddOnGroup(serviceId, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: value.id ? s.saved : s.created });
      onDone?.();
    },
  });
  const remove = useDeleteAddOnGroup(serviceId, {
    onSuccess: () => notifications.show({ color: 'teal', message: s.deleted }),
  });
  const maxProblem =
    value.max !== '' && value.addOns.length > 0 && value.max > value.addOns.length
      ? s.maxAboveCount
      : undefined;
  return (
    <Card withBorder radius="md" p="md" aria-label={value.name || s.newGroup}>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label={s.groupName}
            placeholder={s.groupNamePlaceholder}
            required
            value={value.name}
            onChange={(event) => setValue({ ...value, name: event.currentTarget.value })}
          />
          <NumberInput
            label={s.max}
            description={s.maxHint}
            min={1}
            max={1000}
            allowDecimal={false}
            value={value.max}
            error={maxProblem}
            onChange={(next) => setValue({ ...value, max: next === '' ? '' : Number(next) })}
          />
        </Group>
        <TextInput
          label={s.prompt}
          placeholder={s.promptPlaceholder}
          value={value.prompt}
          onChange={(event) => setValue({ ...value, prompt: event.currentTarget.value })}
        />
        <TagsInput
          label={s.addOns}
          description={s.addOnsHint}
          placeholder={s.addOnPlaceholder}
          value={value.addOns}
          maxTags={100}
          onChange={(addOns) => setValue({ ...value, addOns })}
        />
        <Group justify="space-between">
          {value.id ? (
            confirming ? (
              <Group gap="xs">
                <Text size="sm">{s.deleteConfirm}</Text>
                <Button
                  size="xs"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(value.id!)}
                >
                  {s.delete}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  {shared.common.cancel}
                </Button>
              </Group>
            ) : (
              <Tooltip label={s.delete}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={s.deleteOf(value.name)}
                  onClick={() => setConfirming(true)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )
          ) : (
            <Button variant="subtle" color="gray" size="xs" onClick={onDone}>
              {shared.common.cancel}
            </Button>
          )}
          <Button
            size="sm"
            loading={save.isPending}
            disabled={!value.name.trim() || Boolean(maxProblem)}
            onClick={() =>
              save.mutate({
                id: value.id,
                group: {
                  name: value.name.trim(),
                  prompt: value.prompt.trim() || null,
                  maxNumberOfAddOns: value.max === '' ? null : value.max,
                },
                addOnNames: value.addOns,
              })
            }
          >
            {value.id ? s.saveGroup : s.createGroup}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A service's add-on groups ("Extras": hot stones, aromatherapy...) and the add-ons in each, shown and
 * typed by name: a name with no add-on yet becomes a free add-on on save (groups name add-ons by id).
 */
export function AddOnGroupsPanel({ serviceId }: { serviceId: string }) {
  const groups = useAddOnGroups(serviceId);
  const names = useAddOnNames();
  const [adding, setAdding] = useState(false);
  if (groups.isPending || names.isPending) return <Loading />;
  if (groups.isError) return <LoadError error={groups.error} />;
  if (names.isError) return <LoadError error={names.error} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {s.intro}
      </Text>
      {groups.data.length === 0 && !adding && (
        <Card withBorder radius="md">
          <EmptyState
            title={s.empty}
            body={s.emptyBody}
            action={
              <Button variant="light" leftSection={<IconPuzzle size={16} />} onClick={() => setAdding(true)}>
                {s.newGroup}
              </Button>
            }
          />
        </Card>
      )}
      {groups.data.map((group) => (
        <GroupCard
          key={`${group.groupId}-${group.addOns.length}-${group.groupName}`}
          serviceId={serviceId}
          draft={{
            id: group.groupId,
            name: group.groupName ?? '',
            prompt: group.prompt ?? '',
            max: group.maxNumberOfAddOns ?? '',
            addOns: group.addOns.map((addOn) => names.data.get(addOn.addOnId) ?? addOn.addOnId),
          }}
        />
      ))}
      {adding && (
        <GroupCard
          serviceId={serviceId}
          onDone={() => setAdding(false)}
          draft={{ name: '', prompt: '', max: '', addOns: [] }}
        />
      )}
      {(groups.data.length > 0 || adding) && !adding && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {s.newGroup}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
