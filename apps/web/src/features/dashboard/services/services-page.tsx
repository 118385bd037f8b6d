import type { Service } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDots, IconPencil, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useSession } from '../shared/session.tsx';
import { formatMoneyOf } from '../shared/format.ts';
import { Pager } from '../shared/paged-list.tsx';
import { EmptyState, LoadError, Loading, PageHeader } from '../shared/ui.tsx';
import { ServiceEditor } from './service-editor.tsx';
import { thumbnailOf } from './service-media.ts';
import { useCloneService, useDeleteService, useServicesPage } from './api/services.ts';

const s = t.services;
const pageSize = 20;

function priceOf(service: WithDates<Service>): string {
  const payment = service.payment;
  switch (payment?.rateType) {
    case 'FIXED':
      return formatMoneyOf(payment.fixed?.price);
    case 'VARIED':
      return `${formatMoneyOf(payment.varied?.minPrice)} – ${formatMoneyOf(payment.varied?.maxPrice)}`;
    case 'CUSTOM':
      return payment.custom?.description ?? s.rates.CUSTOM;
    case 'NO_FEE':
      return s.rates.NO_FEE;
    default:
      return '—';
  }
}

/** The catalogue: every service with its type, price and staff; create, edit, clone and delete. */
export function ServicesPage() {
  const session = useSession();
  const services = useServicesPage(pageSize);
  const [editing, setEditing] = useState<{ service?: WithDates<Service> }>();
  const [deleting, setDeleting] = useState<WithDates<Service>>();
  const [keepSessions, setKeepSessions] = useState(true);

  const clone = useCloneService({
    onSuccess: (answer) =>
      notifications.show({
        color: answer.errors.length ? 'orange' : 'teal',
        message: answer.errors.length ? s.clonedPartly(answer.errors.join(', ')) : s.cloned,
      }),
  });
  const remove = useDeleteService({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.deleted });
      setDeleting(undefined);
    },
  });

  return (
    <>
      <PageHeader
        title={s.title}
        description={s.description}
        actions={
          session.canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
              {s.new}
            </Button>
          )
        }
      />
      <Card p={0}>
        {services.isPending ? (
          <Loading />
        ) : services.isError ? (
          <LoadError error={services.error} />
        ) : services.items.length === 0 ? (
          <EmptyState title={s.empty} body={s.emptyBody} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{s.name}</Table.Th>
                  <Table.Th>{s.type}</Table.Th>
                  <Table.Th>{s.length}</Table.Th>
                  <Table.Th>{s.price}</Table.Th>
                  <Table.Th>{s.staff}</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.items.map((service) => (
                  <Table.Tr key={service.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar
                          src={thumbnailOf(service)}
                          alt=""
                          radius="md"
                          size={44}
                          color="brand"
                          variant="light"
                        >
                          <IconPhoto size={18} stroke={1.5} />
                        </Avatar>
                        <div>
                          <Group gap="xs">
                            <Text fw={500} size="sm">
                              {service.name}
                            </Text>
                            {service.category?.name && (
                              <Badge size="xs" color="grape" variant="light">
                                {service.category.name}
                              </Badge>
                            )}
                            {service.hidden && (
                              <Badge size="xs" color="gray" variant="light">
                                {s.hiddenBadge}
                              </Badge>
                            )}
                            {service.onlineBooking?.requireManualApproval && (
                              <Badge size="xs" color="yellow" variant="light">
                                {s.approvalBadge}
                              </Badge>
                            )}
                          </Group>
                          {service.mainSlug && (
                            <Text size="xs" c="dimmed">
                              /{service.mainSlug.name}
                            </Text>
                          )}
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{s.types[service.type]}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {service.type === 'APPOINTMENT'
                        ? `${service.schedule.availabilityConstraints?.durations?.[0]?.minutes ?? '—'} min`
                        : s.capacityOf(service.defaultCapacity ?? 1)}
                    </Table.Td>
                    <Table.Td>{priceOf(service)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {service.staffMemberDetails?.staffMembers.map((member) => member.name).join(', ') ||
                          s.staffCount(service.staffMemberIds.length)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {session.canManage && (
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={s.actions(service.name)}>
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconPencil size={16} />}
                              onClick={() => setEditing({ service })}
                            >
                              {s.edit}
                            </Menu.Item>
                            <Menu.Item
                              leftSection={<IconCopy size={16} />}
                              onClick={() => clone.mutate(service)}
                            >
                              {s.clone}
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={16} />}
                              onClick={() => setDeleting(service)}
                            >
                              {s.delete}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Pager list={services} />
          </Table.ScrollContainer>
        )}
      </Card>
      {editing && (
        <ServiceEditor
          key={editing.service?.id ?? 'new'}
          service={editing.service}
          opened
          onClose={() => setEditing(undefined)}
        />
      )}
      <Modal opened={Boolean(deleting)} onClose={() => setDeleting(undefined)} title={s.deleteTitle}>
        <Stack>
          <Text size="sm">{s.deleteBody(deleting?.name ?? '')}</Text>
          {deleting && deleting.type !== 'APPOINTMENT' && (
            <Checkbox
              label={s.keepSessions}
              checked={keepSessions}
              onChange={(event) => setKeepSessions(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(undefined)}>
              {shared.common.cancel}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate({ service: deleting, keepSessions })}
            >
              {s.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
