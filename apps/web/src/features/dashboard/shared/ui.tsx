import {
  Alert,
  Badge,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  Title,
  type PaginationProps,
} from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from './strings.ts';
import { errorMessage } from './errors.ts';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

export function Loading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

export function LoadError({ error }: { error: unknown }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={t.common.loadFailed}>
      {errorMessage(error)}
    </Alert>
  );
}

/** What STAFF users see on an owner-only page (the server refuses the calls as well). */
export function NotAllowed() {
  return (
    <Alert color="yellow" icon={<IconLock size={18} />} title={t.common.notAllowedTitle} mt="md">
      {t.common.notAllowedBody}
    </Alert>
  );
}

export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py={48}>
      <Text fw={600}>{title}</Text>
      {body && (
        <Text c="dimmed" size="sm" ta="center" maw={420}>
          {body}
        </Text>
      )}
      {action}
    </Stack>
  );
}

export const statusColors: Record<string, string> = {
  CONFIRMED: 'teal',
  PENDING: 'yellow',
  CREATED: 'blue',
  CANCELED: 'gray',
  DECLINED: 'red',
  WAITING_LIST: 'grape',
};

export function StatusBadge({ status }: { status: string }) {
  const label = (t.statuses as Record<string, string>)[status] ?? status;
  return (
    <Badge color={statusColors[status] ?? 'gray'} variant="light">
      {label}
    </Badge>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  const label = (t.payments as Record<string, string>)[status] ?? status;
  const color = status === 'PAID' || status === 'EXEMPT' ? 'teal' : status === 'NOT_PAID' ? 'orange' : 'gray';
  return (
    <Badge color={color} variant="outline">
      {label}
    </Badge>
  );
}

/** Page numbers whose arrows and numbers say what they do to a screen reader. */
export function PagePicker(props: PaginationProps) {
  return (
    <Pagination
      {...props}
      getControlProps={(control) => ({ 'aria-label': t.common.pageControls[control] })}
      getItemProps={(page) => ({ 'aria-label': t.common.pageNumber(page) })}
    />
  );
}
