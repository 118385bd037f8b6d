import { Alert, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { Component, Suspense, type ReactNode } from 'react';
import { t } from '../i18n/strings.ts';

interface State {
  error: unknown;
}

/** One area's error boundary: a crash in a page shows a retry, never a blank screen or the whole site down. */
class Boundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Container size="sm" py={64}>
        <Alert color="red" title={t.errors.title}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t.errors.areaCrashed}</Text>
            <Button size="xs" variant="light" onClick={() => this.setState({ error: undefined })}>
              {t.errors.retry}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
}

/** A lazily loaded page inside its area's boundary, with a quiet loader while its code arrives. */
export function Area({ children }: { children: ReactNode }) {
  return (
    <Boundary>
      <Suspense
        fallback={
          <Stack align="center" py={96}>
            <Loader />
          </Stack>
        }
      >
        {children}
      </Suspense>
    </Boundary>
  );
}
