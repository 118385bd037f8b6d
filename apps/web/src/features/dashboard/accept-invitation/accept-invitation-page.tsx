import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AtriumError } from '@atrium/sdk';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useAcceptInvitation } from './api/accept-invitation.ts';
import classes from './accept-invitation-page.module.css';

const s = t.acceptInvitation;

/**
 * Where the invitation mail's link lands (`/dashboard/accept-invitation?token=…`): the invited person
 * chooses a password, the server accepts the invitation and signs them in, and the dashboard opens.
 */
export function AcceptInvitationPage() {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', password: '', repeat: '' },
    validate: {
      password: (value) => (value.length < 8 ? s.tooShort : null),
      repeat: (value, values) => (value !== values.password ? s.mismatch : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const profile = {
        ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
        ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
      };
      await accept.mutateAsync({
        token,
        password: values.password,
        ...(Object.keys(profile).length > 0 ? { profile } : {}),
      });
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      const refused = caught instanceof AtriumError && (caught.status ?? 500) < 500 && caught.status !== 429;
      setError(refused ? s.refused : caught instanceof Error ? caught.message : shared.common.failed);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <div className={classes.page}>
      <Card p="xl" shadow="sm" className={classes.card}>
        <Stack gap="lg">
          <Stack gap={6}>
            <div className={classes.icon}>
              <IconUsersPlus size={22} aria-hidden />
            </div>
            <Title order={1} fz={28}>
              {s.title}
            </Title>
            <Text c="dimmed" size="sm">
              {s.subtitle}
            </Text>
          </Stack>
          {!token ? (
            <Alert color="red">{s.missingToken}</Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                <Group grow>
                  <TextInput
                    label={s.firstName}
                    autoComplete="given-name"
                    {...form.getInputProps('firstName')}
                  />
                  <TextInput
                    label={s.lastName}
                    autoComplete="family-name"
                    {...form.getInputProps('lastName')}
                  />
                </Group>
                <PasswordInput
                  label={s.password}
                  description={s.passwordHint}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('password')}
                />
                <PasswordInput
                  label={s.repeat}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('repeat')}
                />
                <Button type="submit" size="md" fullWidth loading={submitting}>
                  {s.submit}
                </Button>
              </Stack>
            </form>
          )}
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/dashboard/sign-in" fw={600}>
              {s.signIn}
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </div>
  );
}
