import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AtriumError } from '@atrium/sdk';
import { redirectUriFor } from '../../../lib/atrium-client.ts';
import { t } from '../strings.ts';
import { useSendPasswordReset } from '../api/passwords.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { authPaths } from '../navigation.ts';
import { validateEmail } from '../validation.ts';

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const sendReset = useSendPasswordReset();
  const form = useForm({ initialValues: { email: '' }, validate: { email: validateEmail } });

  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    setError(undefined);
    try {
      // The link comes back to this app's reset page when its origin is registered; else the server's default.
      const redirectUrl = new URL(authPaths.reset, redirectUriFor()).toString();
      await sendReset.mutateAsync({ email: email.trim(), redirectUrl });
      setSentTo(email.trim());
    } catch (caught) {
      setError(caught instanceof AtriumError ? caught.message : t.auth.errors.generic);
    } finally {
      setSubmitting(false);
    }
  });

  const back = (
    <Anchor component={Link} to={authPaths.signIn} fw={600}>
      {t.auth.forgot.back}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthCard
        icon={<IconMailForward size={22} aria-hidden />}
        title={t.auth.forgot.sentTitle}
        subtitle={t.auth.forgot.sent(sentTo)}
      >
        <Button component={Link} to={authPaths.signIn} variant="light" fullWidth>
          {t.auth.forgot.back}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<IconKey size={22} aria-hidden />}
      title={t.auth.forgot.title}
      subtitle={t.auth.forgot.subtitle}
      footer={back}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError message={error} />
          <TextInput
            label={t.auth.email}
            placeholder={t.auth.emailPlaceholder}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t.auth.forgot.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
