import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { storesLimits } from '@atrium/contract/stores/products-v1';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { ConfirmModal } from '../shared/confirm-modal.tsx';
import { LoadError, Loading } from '../shared/ui.tsx';
import { useCreateLabel, useDeleteLabel, useLabels, type Label, type LabelKind } from './api/labels.ts';
import { StoreFrame } from './components/store-frame.tsx';

const s = t.labels;

function LabelsCard({ kind }: { kind: LabelKind }) {
  const labels = useLabels(kind);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<Label>();
  const create = useCreateLabel({
    onSuccess: (_, variables) => {
      notifications.show({ color: 'teal', message: s.created(variables.name) });
      setName('');
    },
  });
  const remove = useDeleteLabel({
    onSuccess: (_, variables) => {
      notifications.show({ color: 'teal', message: s.deleted(variables.label.name) });
      setDeleting(undefined);
    },
  });
  const brand = kind === 'brand';
  return (
    <Card p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {brand ? s.brands : s.ribbons}
          </Title>
          <Text size="sm" c="dimmed">
            {brand ? s.brandsHint : s.ribbonsHint}
          </Text>
        </Stack>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate({ kind, name: name.trim() });
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={brand ? s.newBrand : s.newRibbon}
              placeholder={brand ? s.newBrand : s.newRibbon}
              value={name}
              maxLength={brand ? storesLimits.brandLength : storesLimits.ribbonLength}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              disabled={!name.trim()}
            >
              {s.add}
            </Button>
          </Group>
        </form>
        {labels.isPending ? (
          <Loading />
        ) : labels.isError ? (
          <LoadError error={labels.error} />
        ) : labels.data.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {brand ? s.emptyBrands : s.emptyRibbons}
          </Text>
        ) : (
          <Table verticalSpacing="xs" data-testid={`${kind}-list`}>
            <Table.Tbody>
              {labels.data.map((label) => (
                <Table.Tr key={label.id}>
                  <Table.Td>
                    {brand ? (
                      <Text size="sm" fw={600}>
                        {label.name}
                      </Text>
                    ) : (
                      <Badge color="dark" radius="sm">
                        {label.name}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {s.products(label.products)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={50}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={s.delete(label.name)}
                      onClick={() => setDeleting(label)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmModal
        opened={Boolean(deleting)}
        title={s.deleteTitle(kind)}
        body={deleting ? s.deleteBody(deleting.name, deleting.products) : ''}
        confirmLabel={deleting ? s.delete(deleting.name) : ''}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ kind, label: deleting })}
        onClose={() => setDeleting(undefined)}
      />
    </Card>
  );
}

/** The store's brands and ribbons, side by side. */
export function StoreLabelsPage() {
  return (
    <StoreFrame description={s.description}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LabelsCard kind="brand" />
        <LabelsCard kind="ribbon" />
      </SimpleGrid>
    </StoreFrame>
  );
}
