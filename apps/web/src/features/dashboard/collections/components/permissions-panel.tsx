import {
  accessLevels,
  permissionPolicies,
  specialPermissionsSchema,
  type SpecialPermissions,
  type StoredSpecialPermissions,
} from '@atrium/contract/data-permissions-v1';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { EmptyState } from '../../shared/ui.tsx';
import type { Collection } from '../api/collections-queries.ts';
import {
  useAddRule,
  usePermissions,
  useRemoveRule,
  useUpdateLevel,
  type AccessLevel,
  type LevelKey,
} from '../api/permissions.ts';
import { DataLoadError } from './data-load-error.tsx';

const s = t.collections;
const p = t.permissions;

const actions: Array<{ key: LevelKey; label: string }> = [
  { key: 'itemRead', label: s.schema.operations.read },
  { key: 'itemInsert', label: s.schema.operations.insert },
  { key: 'itemUpdate', label: s.schema.operations.update },
  { key: 'itemRemove', label: s.schema.operations.remove },
];
// Permissions v1 answers the collection's ADMIN role as CMS_EDITOR: the same callers (README "permissions v1").
const levelOptions = accessLevels.map((level) => ({ value: level, label: s.roles[level] }));
const effectColors: Record<string, string> = { ALLOWED: 'teal', DENIED: 'red' };
type Effect = 'UNSPECIFIED' | 'ALLOWED' | 'DENIED';

function subjectOf(rule: Pick<StoredSpecialPermissions, 'policyId' | 'userId'>): string {
  if (rule.policyId) return p.policies[rule.policyId] ?? rule.policyId;
  return p.user(rule.userId ?? '—');
}

function Levels({ collectionId, levels }: { collectionId: string; levels: Record<LevelKey, AccessLevel> }) {
  const update = useUpdateLevel(collectionId, {
    onSuccess: () => notifications.show({ color: 'teal', message: p.levelChanged }),
  });
  return (
    <Card>
      <Stack gap={4} mb="md">
        <Title order={3} size="h4">
          {p.levelsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {p.levelsBody}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {actions.map(({ key, label }) => (
          <Select
            key={key}
            label={label}
            data={levelOptions}
            value={levels[key]}
            allowDeselect={false}
            disabled={update.isPending && update.variables?.key === key}
            description={s.roleHints[levels[key]]}
            inputWrapperOrder={['label', 'input', 'description']}
            onChange={(value) =>
              value && value !== levels[key] && update.mutate({ key, level: value as AccessLevel })
            }
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}

function AddRuleModal({
  collectionId,
  opened,
  onClose,
}: {
  collectionId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<'policy' | 'user'>('policy');
  const [policy, setPolicy] = useState<string>('VISITORS');
  const [userId, setUserId] = useState('');
  const [effects, setEffects] = useState<Record<LevelKey, Effect>>({
    itemRead: 'UNSPECIFIED',
    itemInsert: 'UNSPECIFIED',
    itemUpdate: 'UNSPECIFIED',
    itemRemove: 'UNSPECIFIED',
  });
  const [checked, setChecked] = useState(false);
  const close = () => {
    setKind('policy');
    setPolicy('VISITORS');
    setUserId('');
    setEffects({
      itemRead: 'UNSPECIFIED',
      itemInsert: 'UNSPECIFIED',
      itemUpdate: 'UNSPECIFIED',
      itemRemove: 'UNSPECIFIED',
    });
    setChecked(false);
    onClose();
  };
  const add = useAddRule(collectionId, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: p.created });
      close();
    },
  });
  const rule: SpecialPermissions = {
    ...(kind === 'policy'
      ? { policyId: policy as (typeof permissionPolicies)[number] }
      : { userId: userId.trim() }),
    ...effects,
  };
  const userError = kind === 'user' && !userId.trim() ? p.userIdRequired : undefined;
  const effectError = Object.values(effects).every((effect) => effect === 'UNSPECIFIED')
    ? p.noEffect
    : undefined;
  const valid = specialPermissionsSchema.safeParse(rule).success && !userError && !effectError;

  return (
    <Modal opened={opened} onClose={close} title={p.addTitle} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (valid) add.mutate(rule);
        }}
      >
        <Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="rule-subject-kind">
              {p.subjectKind}
            </Text>
            <SegmentedControl
              aria-labelledby="rule-subject-kind"
              value={kind}
              onChange={(value) => setKind(value as 'policy' | 'user')}
              data={[
                { value: 'policy', label: p.kinds.policy },
                { value: 'user', label: p.kinds.user },
              ]}
            />
          </Stack>
          {kind === 'policy' ? (
            <Select
              label={p.group}
              data={permissionPolicies.map((policyId) => ({
                value: policyId,
                label: p.policies[policyId] ?? policyId,
              }))}
              value={policy}
              allowDeselect={false}
              onChange={(value) => value && setPolicy(value)}
            />
          ) : (
            <TextInput
              label={p.userId}
              description={p.userIdHint}
              value={userId}
              error={checked ? userError : undefined}
              onChange={(event) => setUserId(event.currentTarget.value)}
            />
          )}
          <Stack gap="xs">
            {actions.map(({ key, label }) => (
              <Group key={key} justify="space-between" wrap="nowrap">
                <Text size="sm" fw={500} id={`rule-effect-${key}`}>
                  {label}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-labelledby={`rule-effect-${key}`}
                  value={effects[key]}
                  color={effectColors[effects[key]]}
                  onChange={(value) => setEffects((current) => ({ ...current, [key]: value as Effect }))}
                  data={(['UNSPECIFIED', 'ALLOWED', 'DENIED'] as const).map((effect) => ({
                    value: effect,
                    label: p.effects[effect] ?? effect,
                  }))}
                />
              </Group>
            ))}
            {checked && effectError && (
              <Text size="sm" c="red" role="alert">
                {effectError}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
              {p.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EffectBadge({ effect }: { effect: string | null | undefined }) {
  const value = effect ?? 'UNSPECIFIED';
  return (
    <Badge variant={value === 'UNSPECIFIED' ? 'default' : 'light'} color={effectColors[value] ?? 'gray'}>
      {p.effects[value] ?? value}
    </Badge>
  );
}

function Rules({ collectionId, rules }: { collectionId: string; rules: StoredSpecialPermissions[] }) {
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<StoredSpecialPermissions>();
  const remove = useRemoveRule(collectionId, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: p.removed });
      setDeleting(undefined);
    },
  });
  return (
    <Card p={0}>
      <Group justify="space-between" align="flex-start" p="md" pb="xs" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={3} size="h4">
            {p.rulesTitle}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {p.rulesBody}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          {p.add}
        </Button>
      </Group>
      {rules.length === 0 ? (
        <EmptyState title={p.rulesEmpty} body={p.rulesEmptyBody} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label={p.rulesTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{p.subject}</Table.Th>
                {actions.map(({ key, label }) => (
                  <Table.Th key={key}>{label}</Table.Th>
                ))}
                <Table.Th w={56} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {subjectOf(rule)}
                    </Text>
                  </Table.Td>
                  {actions.map(({ key }) => (
                    <Table.Td key={key}>
                      <EffectBadge effect={rule[key]} />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Tooltip label={p.remove(subjectOf(rule))} openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={p.remove(subjectOf(rule))}
                        onClick={() => setDeleting(rule)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddRuleModal collectionId={collectionId} opened={adding} onClose={() => setAdding(false)} />
      <Modal opened={Boolean(deleting)} onClose={() => setDeleting(undefined)} title={p.removeTitle}>
        <Stack>
          <Alert color="red" variant="light">
            {deleting && p.removeBody(subjectOf(deleting))}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(undefined)}>
              {shared.common.cancel}
            </Button>
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id)}
            >
              {p.removeConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** Who may read, create, update and delete the collection's items: roles per action, and rules per subject. */
export function PermissionsPanel({ collection }: { collection: Collection }) {
  const permissions = usePermissions(collection.id);
  if (permissions.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label={shared.common.loading}>
        <Skeleton h={140} />
        <Skeleton h={200} />
      </Stack>
    );
  if (permissions.isError)
    return <DataLoadError error={permissions.error} onRetry={() => void permissions.refetch()} />;
  return (
    <Stack gap="lg">
      <Levels collectionId={collection.id} levels={permissions.data} />
      <Rules collectionId={collection.id} rules={permissions.data.specialPermissions} />
    </Stack>
  );
}
