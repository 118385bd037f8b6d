import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { WebhookSubscriptionInput } from '@atrium/sdk/modules/webhooks';
import { t } from './strings.ts';

const s = t.webhooks;

/** The fields of a new webhook: where it goes, which events, and how much of each. */
export function WebhookForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (input: WebhookSubscriptionInput) => void;
}) {
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState('*');
  const [description, setDescription] = useState('');
  const [payload, setPayload] = useState<'FULL' | 'THIN'>('FULL');
  const types = eventTypes
    .split(/[\s,]+/)
    .map((type) => type.trim())
    .filter(Boolean);
  return (
    <Stack>
      <TextInput
        label={s.url}
        placeholder={s.urlPlaceholder}
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
      />
      <TextInput
        label={s.eventTypes}
        description={s.eventTypesHint}
        value={eventTypes}
        onChange={(event) => setEventTypes(event.currentTarget.value)}
      />
      <TextInput
        label={s.descriptionLabel}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {s.payload}
        </Text>
        <SegmentedControl
          value={payload}
          onChange={(value) => setPayload(value as 'FULL' | 'THIN')}
          data={[
            { value: 'FULL', label: s.payloadFull },
            { value: 'THIN', label: s.payloadThin },
          ]}
        />
      </Stack>
      <Group justify="flex-end">
        <Button
          loading={pending}
          disabled={!url.trim() || types.length === 0}
          onClick={() =>
            onSubmit({ url: url.trim(), eventTypes: types, description: description.trim(), payload })
          }
        >
          {s.create}
        </Button>
      </Group>
    </Stack>
  );
}
