import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLockPassword } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApplicationError, AtriumError, InvalidArgumentError } from '@atrium/sdk';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { useRecoverPassword } from '../api/passwords.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { authPaths } from '../navigation.ts';
import { messageFor, validateNewPassword } from '../validation.ts';

/** The identity service's code for an unknown, used or expired recovery token (contract identityErrorCodes). */
const invalidRecoveryToken = '-19989';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const recoveryToken = params.get('recoveryToken') ?? '';
  const navigate = useNavigate();
  const auth = useAuth();
  const [error, setError] = useState<string>();
  const [tokenGone, setTokenGone] = useState(!recoveryToken);
  const [submitting, setSubmitting] = useState(false);
  const recover = useRecoverPassword();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: validateNewPassword,
      confirm: (value, values) => (value === values.password ? null : t.auth.errors.passwordsDiffer),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const result = await recover.mutateAsync({ token: recoveryToken, password });
      if (result.loginState === 'SUCCESS') {
        await auth.signedIn(result);
        navigate(authPaths.account, { replace: true });
      } else if (
        result.loginState === 'EMAIL_VERIFICATION_REQUIRED' ||
        result.loginState === 'OWNER_APPROVAL_REQUIRED'
      ) {
        navigate(authPaths.signIn, { replace: true });
      } else {
        setError(messageFor(result));
      }
    } catch (caught) {
      if (caught instanceof ApplicationError && caught.code === invalidRecoveryToken) setTokenGone(true);
      else if (caught instanceof InvalidArgumentError)
        form.setFieldError('password', t.auth.errors.passwordTooShort);
      else setError(caught instanceof AtriumError ? caught.message : t.auth.errors.generic);
    } finally {
      setSubmitting(false);
    }
  });

  if (tokenGone) {
    return (
      <AuthCard
        icon={<IconLockPassword size={22} aria-hidden />}
        title={t.auth.reset.title}
        subtitle={recoveryToken ? t.auth.reset.invalidToken : t.auth.reset.missingToken}
      >
        <Button component={Link} to={authPaths.forgot} fullWidth>
          {t.auth.reset.askAgain}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<IconLockPassword size={22} aria-hidden />}
      title={t.auth.reset.title}
      subtitle={t.auth.reset.subtitle}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <PasswordInput
            label={t.auth.newPassword}
            description={t.auth.passwordHint}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t.auth.confirmPassword}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t.auth.reset.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
