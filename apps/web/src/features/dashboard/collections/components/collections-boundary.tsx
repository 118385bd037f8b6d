import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { t } from '../strings.ts';
import { t as shell } from '../../../../i18n/strings.ts';

interface State {
  error: unknown;
}

/** The collections screens' error boundary: a crash shows a retry inside the dashboard, never a blank page. */
export class CollectionsBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={shell.errors.title} mt="md">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t.collections.crashed}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => this.setState({ error: undefined })}>
            {shell.errors.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
}
