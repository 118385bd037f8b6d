import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { authPaths, safeReturnTo, verifyStateFrom } from '../navigation.ts';
import { messageFor, validateEmail, validateNewPassword } from '../validation.ts';

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const auth = useAuth();
  const [error, setError] = useState<string>();
  const [approval, setApproval] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const register = useRegister();
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '' },
    validate: { email: validateEmail, password: validateNewPassword },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const email = values.email.trim();
      const profile = {
        ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
        ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
      };
      const result = await register.mutateAsync({ email, password: values.password, profile });
      if (result.loginState === 'SUCCESS') {
        await auth.signedIn(result);
        navigate(returnTo, { replace: true });
      } else if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
        navigate(authPaths.verify, { state: verifyStateFrom(result, email, returnTo) });
      } else if (result.loginState === 'OWNER_APPROVAL_REQUIRED') {
        setApproval(true);
      } else {
        if (result.errorCode === 'emailAlreadyExists')
          form.setFieldError('email', t.auth.errors.emailAlreadyExists);
        else if (result.errorCode === 'invalidEmail')
          form.setFieldError('email', t.auth.errors.invalidEmailFormat);
        else setError(messageFor(result));
      }
    } finally {
      setSubmitting(false);
    }
  });

  if (approval) {
    return (
      <AuthCard
        icon={<IconUserPlus size={22} aria-hidden />}
        title={t.auth.approval.title}
        subtitle={t.auth.approval.body}
      >
        <Button component={Link} to="/" variant="light" fullWidth>
          {shell.errors.backHome}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<IconUserPlus size={22} aria-hidden />}
      title={t.auth.register.title}
      subtitle={t.auth.register.subtitle}
      footer={
        <>
          {t.auth.register.haveAccount}{' '}
          <Anchor
            component={Link}
            to={`${authPaths.signIn}?returnTo=${encodeURIComponent(returnTo)}`}
            fw={600}
          >
            {t.auth.register.signIn}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <Group grow gap="sm" align="flex-start" wrap="wrap" preventGrowOverflow={false}>
            <TextInput
              label={t.auth.firstName}
              autoComplete="given-name"
              miw={140}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t.auth.lastName}
              autoComplete="family-name"
              miw={140}
              {...form.getInputProps('lastName')}
            />
          </Group>
          <TextInput
            label={t.auth.email}
            placeholder={t.auth.emailPlaceholder}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t.auth.password}
            description={t.auth.passwordHint}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t.auth.register.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
