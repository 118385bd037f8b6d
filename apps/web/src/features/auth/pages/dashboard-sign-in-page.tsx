import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AtriumError } from '@atrium/sdk';
import { t } from '../strings.ts';
import { useStaffSignIn } from '../api/sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { authPaths } from '../navigation.ts';
import { validateEmail, validateRequired } from '../validation.ts';
import classes from './dashboard-sign-in-page.module.css';

/** Owners and staff sign in here; the dashboard reads their session from `dashboardClient`. */
export function DashboardSignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const staffSignIn = useStaffSignIn();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: validateEmail, password: validateRequired },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(undefined);
    try {
      await staffSignIn.mutateAsync({ email: values.email.trim(), password: values.password });
      const target = returnTo?.startsWith('/dashboard') ? returnTo : authPaths.dashboard;
      navigate(target, { replace: true });
    } catch (caught) {
      // One message for any refused pair, so the page does not tell which addresses have accounts.
      const refused =
        caught instanceof AtriumError &&
        caught.status !== undefined &&
        caught.status < 500 &&
        caught.status !== 429;
      setError(
        refused
          ? t.auth.dashboard.wrongCredentials
          : caught instanceof Error
            ? caught.message
            : t.auth.errors.generic,
      );
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <div className={classes.shell}>
      <AuthCard
        icon={<IconBuildingStore size={22} aria-hidden />}
        title={t.auth.dashboard.title}
        subtitle={t.auth.dashboard.subtitle}
        footer={
          <>
            {t.auth.dashboard.memberHint}{' '}
            <Anchor component={Link} to={authPaths.signIn} fw={600}>
              {t.auth.dashboard.memberLink}
            </Anchor>
          </>
        }
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError message={error} />
            <TextInput
              label={t.auth.email}
              placeholder={t.auth.emailPlaceholder}
              type="email"
              autoComplete="username"
              required
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t.auth.password}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" size="md" fullWidth loading={submitting}>
              {t.auth.dashboard.submit}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    </div>
  );
}
