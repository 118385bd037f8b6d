import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Booking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { useState } from 'react';
import { t } from './strings.ts';
import { useBookingAction } from './api/bookings.ts';

const s = t.statusChange;
type StatusChange = 'confirm' | 'decline' | 'cancel';

/**
 * Confirm, decline or cancel a booking, asked first: what happens, and whether the customer is emailed
 * (yes unless the owner says not to) with an optional message of the owner's.
 */
export function useStatusChange(onDone?: () => void) {
  const action = useBookingAction(onDone);
  // What was asked stays while the dialog closes, so its title and text do not vanish mid-transition.
  const [asked, setAsked] = useState<{ kind: StatusChange; booking: WithDates<Booking> }>();
  const [opened, setOpened] = useState(false);
  const [notify, setNotify] = useState(true);
  const [message, setMessage] = useState('');

  function ask(kind: StatusChange, booking: WithDates<Booking>) {
    setNotify(true);
    setMessage('');
    setAsked({ kind, booking });
    setOpened(true);
  }

  function submit() {
    if (!asked) return;
    const trimmed = message.trim();
    action.mutate(
      {
        ...asked,
        notice: { notifyParticipants: notify, ...(notify && trimmed ? { message: trimmed } : {}) },
      },
      { onSuccess: () => setOpened(false) },
    );
  }

  const modal = (
    <Modal opened={opened} onClose={() => setOpened(false)} title={asked && s.title[asked.kind]}>
      {asked && (
        <Stack>
          <Text size="sm">{s.what[asked.kind]}</Text>
          <Checkbox
            label={s.notify}
            description={notify ? s.notifyHint : s.silent}
            checked={notify}
            onChange={(event) => setNotify(event.currentTarget.checked)}
          />
          {notify && (
            <Textarea
              label={s.message}
              placeholder={s.messagePlaceholder}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              maxLength={5000}
              autosize
              minRows={2}
              maxRows={6}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {s.back}
            </Button>
            <Button
              color={asked.kind === 'confirm' ? undefined : 'red'}
              loading={action.isPending}
              onClick={submit}
            >
              {s.submit[asked.kind]}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  return { ask, modal, isPending: action.isPending };
}
