import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { authPaths, safeReturnTo, verifyStateFrom } from '../navigation.ts';
import { messageFor, validateEmail, validateRequired } from '../validation.ts';

export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const auth = useAuth();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', password: '' },
    validate: { email: validateEmail, password: validateRequired },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const email = values.email.trim();
      const result = await signIn.mutateAsync({ email, password: values.password });
      if (result.loginState === 'SUCCESS') {
        await auth.signedIn(result);
        navigate(returnTo, { replace: true });
      } else if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
        navigate(authPaths.verify, { state: verifyStateFrom(result, email, returnTo) });
      } else if (result.loginState === 'OWNER_APPROVAL_REQUIRED') {
        setError(t.auth.approval.body);
      } else {
        setError(messageFor(result));
      }
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard
      icon={<IconLogin2 size={22} aria-hidden />}
      title={t.auth.signIn.title}
      subtitle={t.auth.signIn.subtitle}
      footer={
        <>
          {t.auth.signIn.noAccount}{' '}
          <Anchor
            component={Link}
            to={`${authPaths.register}?returnTo=${encodeURIComponent(returnTo)}`}
            fw={600}
          >
            {t.auth.signIn.createAccount}
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
            data-autofocus
            {...form.getInputProps('email')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t.auth.password}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={authPaths.forgot} size="sm">
                {t.auth.signIn.forgot}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t.auth.signIn.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
