import { Anchor, Button, Center, PinInput, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApplicationError } from '@atrium/sdk';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { useResendVerificationCode, useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { authPaths, safeReturnTo, type VerifyState } from '../navigation.ts';
import { messageFor } from '../validation.ts';

const codeLength = 6;

/** Error codes of the identity service for a verification (contract identityErrorCodes). */
const wrongCode = '-19987';
const stateGone = '-19988';

export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const state = location.state as VerifyState | null;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [expired, setExpired] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [approval, setApproval] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const verifyEmail = useVerifyEmail();
  const resendCode = useResendVerificationCode();

  if (!state?.stateToken) {
    return (
      <AuthCard
        icon={<IconMailCheck size={22} aria-hidden />}
        title={t.auth.verify.title}
        subtitle={t.auth.verify.missing}
      >
        <Button component={Link} to={authPaths.signIn} variant="light" fullWidth>
          {t.auth.verify.startAgain}
        </Button>
      </AuthCard>
    );
  }
  const flow = { loginState: 'EMAIL_VERIFICATION_REQUIRED' as const, data: { stateToken: state.stateToken } };

  async function verify(value: string) {
    if (value.length !== codeLength || submitting) return;
    setSubmitting(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const result = await verifyEmail.mutateAsync({ code: value, flow });
      if (result.loginState === 'SUCCESS') {
        await auth.signedIn(result);
        navigate(safeReturnTo(state?.returnTo), { replace: true });
      } else if (result.loginState === 'OWNER_APPROVAL_REQUIRED') {
        setApproval(true);
      } else if (result.cause?.code === wrongCode) {
        const left = Number((result.cause as ApplicationError).data.attemptsLeft ?? 0);
        setError(t.auth.verify.wrongCode(left));
        setCode('');
      } else if (result.cause?.code === stateGone) {
        setExpired(true);
      } else {
        setError(messageFor(result));
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function resend() {
    setResending(true);
    setError(undefined);
    try {
      await resendCode.mutateAsync(flow);
      setNotice(t.auth.verify.resent);
      setCode('');
    } catch (caught) {
      if (caught instanceof ApplicationError && caught.code === stateGone) setExpired(true);
      else setError(caught instanceof Error ? caught.message : t.auth.errors.generic);
    } finally {
      setResending(false);
    }
  }

  if (approval) {
    return (
      <AuthCard
        icon={<IconMailCheck size={22} aria-hidden />}
        title={t.auth.approval.title}
        subtitle={t.auth.approval.body}
      >
        <Button component={Link} to="/" variant="light" fullWidth>
          {shell.errors.backHome}
        </Button>
      </AuthCard>
    );
  }

  if (expired) {
    return (
      <AuthCard
        icon={<IconMailCheck size={22} aria-hidden />}
        title={t.auth.verify.title}
        subtitle={t.auth.verify.expired}
      >
        <Button
          component={Link}
          to={`${authPaths.signIn}?email=${encodeURIComponent(state.email)}`}
          fullWidth
        >
          {t.auth.verify.startAgain}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<IconMailCheck size={22} aria-hidden />}
      title={t.auth.verify.title}
      subtitle={state.email ? t.auth.verify.subtitle(state.email) : t.auth.verify.subtitleNoEmail}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        <Stack gap="lg">
          <FormError message={error} />
          {notice ? (
            <Text size="sm" c="brand.8" role="status">
              {notice}
            </Text>
          ) : null}
          <Stack gap={8}>
            <Text component="label" htmlFor="verification-code" size="sm" fw={500}>
              {t.auth.verify.code}
            </Text>
            <Center>
              <PinInput
                id="verification-code"
                length={codeLength}
                type="number"
                oneTimeCode
                autoFocus
                size="md"
                gap="xs"
                value={code}
                onChange={setCode}
                onComplete={(value) => void verify(value)}
                error={Boolean(error)}
                ariaLabel={t.auth.verify.code}
              />
            </Center>
          </Stack>
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={submitting}
            disabled={code.length !== codeLength}
          >
            {t.auth.verify.submit}
          </Button>
          <Center>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void resend()}
              disabled={resending}
            >
              {t.auth.verify.resend}
            </Anchor>
          </Center>
        </Stack>
      </form>
    </AuthCard>
  );
}
