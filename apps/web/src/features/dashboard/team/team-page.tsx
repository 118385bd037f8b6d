import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { type StaffRole, useSession } from '../shared/session.tsx';
import { formatDay } from '../shared/format.ts';
import { LoadError, Loading, NotAllowed, PageHeader } from '../shared/ui.tsx';
import { useChangeStaffRole, useInviteStaff, useRemoveStaff, useTeam } from './api/team.ts';

const s = t.team;
const roleOptions = (['OWNER', 'ADMIN', 'STAFF'] as const).map((value) => ({
  value,
  label: shared.roles[value],
}));

/** Who can sign in to the dashboard, with which role; invitations by email. */
export function TeamPage() {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('STAFF');
  const team = useTeam(session.canManage);
  const invite = useInviteStaff({
    onSuccess: (invitation) => {
      notifications.show({ color: 'teal', message: s.invited(invitation.email) });
      setEmail('');
    },
  });
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaff();
  if (!session.canManage)
    return (
      <>
        <PageHeader title={s.title} />
        <NotAllowed />
      </>
    );
  const emailValid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  return (
    <>
      <PageHeader title={s.title} description={s.description} />
      <Card mb="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (emailValid) invite.mutate({ email: email.trim(), role });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={s.inviteEmail}
              placeholder="colleague@example.com"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 240 }}
            />
            <Select
              label={s.role}
              data={roleOptions.filter((option) => session.isOwner || option.value !== 'OWNER')}
              value={role}
              onChange={(value) => setRole((value ?? 'STAFF') as StaffRole)}
              allowDeselect={false}
              w={160}
            />
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={invite.isPending}
              disabled={!emailValid}
            >
              {s.invite}
            </Button>
          </Group>
        </form>
      </Card>
      <Card p={0}>
        {team.isPending ? (
          <Loading />
        ) : team.isError ? (
          <LoadError error={team.error} />
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{s.person}</Table.Th>
                <Table.Th>{s.role}</Table.Th>
                <Table.Th>{s.status}</Table.Th>
                <Table.Th>{s.since}</Table.Th>
                <Table.Th w={60} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.data.map((person) => {
                const self = person.id === session.identity.id;
                const name = [person.identityProfile.firstName, person.identityProfile.lastName]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <Table.Tr key={person.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar radius="xl" color="brand">
                          {(name || person.email).slice(0, 1).toUpperCase()}
                        </Avatar>
                        <Stack gap={0}>
                          <Text size="sm" fw={500}>
                            {name || person.email}{' '}
                            {self && (
                              <Badge size="xs" variant="light">
                                {s.you}
                              </Badge>
                            )}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {person.email}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={s.roleOf(person.email)}
                        data={roleOptions}
                        value={person.role ?? 'STAFF'}
                        disabled={self || !session.isOwner}
                        onChange={(value) =>
                          value && changeRole.mutate({ id: person.id, next: value as StaffRole })
                        }
                        allowDeselect={false}
                        w={140}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={person.status === 'ACTIVE' ? 'teal' : 'gray'}>
                        {person.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDay(person.createdDate)}</Table.Td>
                    <Table.Td>
                      {!self && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={s.remove(person.email)}
                          onClick={() => {
                            if (window.confirm(s.removeConfirm(person.email))) remove.mutate(person.id);
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
