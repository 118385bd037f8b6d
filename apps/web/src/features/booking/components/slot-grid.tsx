import { Box, UnstyledButton, Text } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { formatTime } from '../lib/time.ts';
import type { PickableSlot } from '../api/availability-queries.ts';
import classes from './booking.module.css';

/**
 * Start times as a radio group: Tab enters the group at the chosen time, arrow keys move between
 * times, Space or Enter picks one (the WAI-ARIA radio group pattern).
 */
export function SlotGrid({
  slots,
  timeZone,
  value,
  onChange,
  label,
}: {
  slots: PickableSlot[];
  timeZone: string;
  value: string | null;
  onChange: (slot: PickableSlot) => void;
  label: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = slots.findIndex((slot) => slot.key === value);
  const focusable = selectedIndex >= 0 ? selectedIndex : 0;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | undefined;
    if (event.key in moves) next = (index + moves[event.key]! + slots.length) % slots.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = slots.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(slots[next]!);
  };

  return (
    <Box className={classes.slotGrid} role="radiogroup" aria-label={label}>
      {slots.map((slot, index) => {
        const checked = slot.key === value;
        return (
          <UnstyledButton
            key={slot.key}
            ref={(element) => {
              refs.current[index] = element;
            }}
            role="radio"
            aria-checked={checked}
            tabIndex={index === focusable ? 0 : -1}
            className={classes.slot}
            data-checked={checked || undefined}
            onClick={() => onChange(slot)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid="time-slot"
          >
            <Text component="span" fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatTime(slot.start, timeZone)}
            </Text>
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
