import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { useCompleteRedirectSignIn } from '../api/sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { authPaths, safeReturnTo } from '../navigation.ts';

/** Where the hosted sign-in page sends the browser back (PKCE, the default registered redirect URI). */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  const { mutateAsync: completeSignIn } = useCompleteRedirectSignIn();

  useEffect(() => {
    // A code is good once: React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    const mode = window.location.hash.length > 1 ? 'fragment' : 'query';
    completeSignIn({ url: window.location.href, mode })
      .then(async ({ originalUri }) => {
        await auth.signedIn();
        navigate(safeReturnTo(originalUri), { replace: true });
      })
      .catch((caught: unknown) =>
        setError(caught instanceof Error ? caught.message : t.auth.callback.failed),
      );
  }, [auth, navigate, completeSignIn]);

  return (
    <AuthCard
      icon={<IconLogin2 size={22} aria-hidden />}
      title={error ? t.auth.callback.failed : t.auth.callback.working}
    >
      {error ? (
        <Stack gap="md">
          <FormError message={error} />
          <Button component={Link} to={authPaths.signIn} fullWidth>
            {t.auth.callback.retry}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" py="md">
          <Loader />
          <Text c="dimmed" size="sm">
            {t.auth.callback.working}
          </Text>
        </Stack>
      )}
    </AuthCard>
  );
}
