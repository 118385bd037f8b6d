import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { t } from './strings.ts';

/** A secret the server shows only once (an API key, a webhook's signing secret): a warning, the secret, copy. */
export function SecretShownOnce({
  secret,
  warning,
  testId,
  onDone,
}: {
  secret: string;
  warning: string;
  testId: string;
  onDone: () => void;
}) {
  return (
    <Stack>
      <Alert color="yellow" icon={<IconKey size={18} />}>
        {warning}
      </Alert>
      <Code block data-testid={testId}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t.common.copied : t.common.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t.common.done}</Button>
      </Group>
    </Stack>
  );
}
