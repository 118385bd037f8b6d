import {
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Divider,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApplicationError, AtriumError, InvalidArgumentError } from '@atrium/sdk';
import { identityErrorCodes, type Member } from '@atrium/contract/identity';
import type { WithDates } from '@atrium/sdk';
import { memberName, useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { useChangePassword } from '../api/passwords.ts';
import { FormError } from '../components/form-error.tsx';
import { authPaths, verifyStateFrom } from '../navigation.ts';
import { useStartEmailVerification } from '../api/verify-email.ts';
import { validateEmail, validateNewPassword } from '../validation.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { isValidPhone } from '../../../lib/phone.ts';

/** The contract's limits (updateMemberRequestSchema). */
const nameMax = 100;
const phoneMax = 50;

/** The server's field violations on the inputs they are about (`member.contact.firstName` on firstName). */
const fieldOfViolation: Record<string, 'firstName' | 'lastName' | 'phone' | 'loginEmail'> = {
  'member.contact.firstName': 'firstName',
  'member.contact.lastName': 'lastName',
  'member.contact.phones': 'phone',
  'member.loginEmail': 'loginEmail',
};

function DetailsCard({ member }: { member: WithDates<Member> }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const update = useUpdateMember();
  const [error, setError] = useState<string>();
  const form = useForm({
    initialValues: {
      firstName: member.contact?.firstName ?? '',
      lastName: member.contact?.lastName ?? '',
      phone: member.contact?.phones?.[0] ?? '',
      loginEmail: member.loginEmail,
    },
    validate: {
      firstName: (value) => (value.trim().length > nameMax ? t.auth.account.tooLong(nameMax) : null),
      lastName: (value) => (value.trim().length > nameMax ? t.auth.account.tooLong(nameMax) : null),
      phone: (value) =>
        value.trim().length > phoneMax
          ? t.auth.account.tooLong(phoneMax)
          : value.trim() && !isValidPhone(value.trim())
            ? t.auth.account.invalidPhone
            : null,
      loginEmail: validateEmail,
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(undefined);
    const loginEmail = values.loginEmail.trim().toLowerCase();
    const others = (member.contact?.phones ?? []).slice(1);
    try {
      const saved = await update.mutateAsync({
        memberId: member.id,
        member: {
          contact: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            phones: [values.phone.trim(), ...others].filter(Boolean),
          },
          ...(loginEmail !== member.loginEmail.toLowerCase() ? { loginEmail } : {}),
        },
      });
      await auth.signedIn();
      if (saved.emailVerification) {
        notifications.show({ color: 'brand', message: t.auth.account.verifyNewEmail(loginEmail) });
        navigate(authPaths.verify, {
          state: {
            stateToken: saved.emailVerification.stateToken,
            email: saved.emailVerification.email,
            returnTo: authPaths.account,
            purpose: 'VERIFY',
          },
        });
        return;
      }
      notifications.show({ color: 'brand', message: t.auth.account.saved });
    } catch (caught) {
      if (caught instanceof InvalidArgumentError) {
        for (const violation of caught.fieldViolations) {
          const field = Object.entries(fieldOfViolation).find(([prefix]) =>
            violation.field.startsWith(prefix),
          );
          if (field) form.setFieldError(field[1], violation.description);
        }
        if (
          caught.fieldViolations.some(
            (violation) =>
              !Object.keys(fieldOfViolation).some((prefix) => violation.field.startsWith(prefix)),
          )
        ) {
          setError(caught.message);
        }
      } else if (
        caught instanceof ApplicationError &&
        caught.code === identityErrorCodes.emailAlreadyExists
      ) {
        form.setFieldError('loginEmail', t.auth.errors.emailAlreadyExists);
      } else {
        setError(caught instanceof AtriumError ? caught.message : t.auth.errors.generic);
      }
    }
  });
  return (
    <Card p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t.auth.account.details}
          </Title>
          <FormError message={error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t.auth.account.firstName}
              autoComplete="given-name"
              maxLength={nameMax}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t.auth.account.lastName}
              autoComplete="family-name"
              maxLength={nameMax}
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label={t.auth.account.phone}
              type="tel"
              autoComplete="tel"
              maxLength={phoneMax}
              {...form.getInputProps('phone')}
            />
            <TextInput
              label={t.auth.account.loginEmail}
              description={t.auth.account.loginEmailHint}
              type="email"
              autoComplete="email"
              {...form.getInputProps('loginEmail')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={update.isPending}>
              {t.auth.account.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

function ChangePasswordCard() {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const changePassword = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', password: '' },
    // The server asks for the current password however recent the sign-in (members.service changePassword).
    validate: {
      currentPassword: (value) => (value ? null : t.auth.account.currentPasswordRequired),
      password: validateNewPassword,
    },
  });
  const submit = form.onSubmit(async ({ currentPassword, password }) => {
    setSaving(true);
    setError(undefined);
    try {
      await changePassword.mutateAsync({ password, currentPassword });
      form.reset();
      notifications.show({ color: 'brand', message: t.auth.account.passwordChanged });
    } catch (caught) {
      if (caught instanceof ApplicationError && caught.code === identityErrorCodes.invalidPassword) {
        form.setFieldError('currentPassword', t.auth.errors.invalidPassword);
      } else {
        setError(caught instanceof AtriumError ? caught.message : t.auth.errors.generic);
      }
    } finally {
      setSaving(false);
    }
  });
  return (
    <Card p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t.auth.account.changePassword}
          </Title>
          <FormError message={error} />
          <PasswordInput
            required
            label={t.auth.currentPassword}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t.auth.newPassword}
            description={t.auth.passwordHint}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={saving}>
              {t.auth.account.changePassword}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Mails a code to the member's address and opens the code page, which comes back here. */
function VerifyEmailButton({ identityId, email }: { identityId: string; email: string }) {
  const navigate = useNavigate();
  const start = useStartEmailVerification();
  return (
    <Button
      size="xs"
      variant="light"
      w="fit-content"
      loading={start.isPending}
      onClick={() =>
        start.mutate(identityId, {
          onSuccess: (flow) =>
            navigate(authPaths.verify, {
              state: { ...verifyStateFrom(flow, email, authPaths.account), purpose: 'VERIFY' },
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: error instanceof AtriumError ? error.message : t.auth.account.verifyFailed,
            }),
        })
      }
    >
      {t.auth.account.verifyEmail}
    </Button>
  );
}

/** The member's own page: who is signed in, their status, and sign-out. */
export function AccountPage() {
  const auth = useAuth();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  if (auth.status === 'visitor') {
    return <Navigate to={`${authPaths.signIn}?returnTo=${encodeURIComponent(location.pathname)}`} replace />;
  }
  const member = auth.member;
  if (!member) {
    return (
      <Container size="sm" py={96}>
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">{t.auth.account.loading}</Text>
        </Stack>
      </Container>
    );
  }
  const name = memberName(member);

  return (
    <Container size="md" py={{ base: 'xl', sm: 56 }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t.auth.account.title}
        </Title>
        <Card p="lg">
          <Stack gap="lg">
            <Group justify="space-between" align="flex-start" gap="md">
              <Group gap="md" wrap="nowrap" miw={0}>
                <Avatar size={56} radius="xl" color="brand" variant="filled">
                  {initials(name)}
                </Avatar>
                <Stack gap={2} miw={0}>
                  <Text fw={700} fz="lg" truncate data-testid="account-name">
                    {name}
                  </Text>
                  <Text c="dimmed" size="sm">
                    {t.auth.account.memberSince(dateFormat.format(member.createdDate))}
                  </Text>
                </Stack>
              </Group>
              <Button
                variant="default"
                leftSection={<IconLogout size={16} aria-hidden />}
                loading={signingOut}
                onClick={async () => {
                  setSigningOut(true);
                  await auth.signOut();
                  notifications.show({ message: t.auth.account.signedOut });
                }}
              >
                {t.auth.account.signOut}
              </Button>
            </Group>
            <Divider />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Stack gap={4}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {t.auth.account.email}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <Text style={{ overflowWrap: 'anywhere' }}>{member.loginEmail}</Text>
                  <Badge color={member.loginEmailVerified ? 'brand' : 'yellow'} variant="light">
                    {member.loginEmailVerified ? t.auth.account.verified : t.auth.account.notVerified}
                  </Badge>
                </Group>
                {member.loginEmailVerified ? null : (
                  <VerifyEmailButton identityId={member.id} email={member.loginEmail} />
                )}
              </Stack>
              <Stack gap={4}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {t.auth.account.status}
                </Text>
                <Text data-testid="account-status">{t.auth.account.statusLabels[member.status]}</Text>
              </Stack>
              <Stack gap={4}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {t.auth.account.lastLogin}
                </Text>
                <Text>{member.lastLoginDate ? dateTimeFormat.format(member.lastLoginDate) : '—'}</Text>
              </Stack>
            </SimpleGrid>
          </Stack>
        </Card>
        <DetailsCard key={member.updatedDate.toISOString()} member={member} />
        <ChangePasswordCard />
      </Stack>
    </Container>
  );
}
