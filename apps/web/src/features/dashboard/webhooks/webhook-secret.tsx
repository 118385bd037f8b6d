import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { t } from './strings.ts';

const s = t.webhooks;

/** A signing secret, shown once after creation or rotation. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" icon={<IconKey size={18} />}>
        {s.shownOnce}
      </Alert>
      <Code block data-testid="webhook-secret">
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? s.copied : s.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{s.done}</Button>
      </Group>
    </Stack>
  );
}
