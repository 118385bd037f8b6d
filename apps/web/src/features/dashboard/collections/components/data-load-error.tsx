import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { t as shell } from '../../../../i18n/strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';

/** A load that failed: what went wrong in words an owner can act on, and a retry. */
export function DataLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={shared.common.loadFailed}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{dataErrorMessage(error)}</Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
        >
          {shell.errors.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
