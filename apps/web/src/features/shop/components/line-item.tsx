import { Box, Group, Stack, Text } from '@mantine/core';
import type { DescriptionLine } from '@atrium/sdk/modules/ecom';
import { IconCalendarEvent, IconShoppingBag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../strings.ts';
import classes from './commerce.module.css';

/** The picked options under a line's name (`Size: M`), as the server describes them. */
export function optionsOf(lines: DescriptionLine[] | undefined): string[] {
  return (lines ?? []).map((line) =>
    line.plainText
      ? t.cart.options(
          line.name.translated || line.name.original,
          line.plainText.translated || line.plainText.original,
        )
      : line.name.translated || line.name.original,
  );
}

/** A line's square thumbnail, or a quiet placeholder without a photo. */
export function LineThumb({ image, size = 64 }: { image: string | undefined; size?: number }) {
  return (
    <Box className={classes.thumb} w={size} h={size}>
      {image ? (
        <img src={image} alt="" className={classes.thumbImage} loading="lazy" />
      ) : (
        <IconShoppingBag size={size / 2.5} stroke={1.3} className={classes.thumbIcon} aria-hidden />
      )}
    </Box>
  );
}

const scheduledFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a booking line takes place, in the visitor's time zone ('Tue, Dec 1, 9:00 AM'). */
export function formatScheduled(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : scheduledFormat.format(date);
}

/**
 * One bought or to-be-bought line: photo, name, options, when a booking takes place, and what the caller
 * adds beside it (a price, a quantity stepper). `aside` sits at the right, `below` under the options.
 */
export function LineItem({
  name,
  image,
  descriptionLines,
  scheduledDate,
  aside,
  below,
  thumb = 64,
}: {
  name: string;
  image: string | undefined;
  descriptionLines: DescriptionLine[] | undefined;
  /** A booking line's start (`serviceProperties.scheduledDate`). */
  scheduledDate?: string | undefined;
  aside?: ReactNode;
  below?: ReactNode;
  thumb?: number;
}) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" data-testid="line-item">
      <LineThumb image={image} size={thumb} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} lh={1.3}>
          {name}
        </Text>
        {optionsOf(descriptionLines).map((option) => (
          <Text key={option} size="sm" c="dimmed">
            {option}
          </Text>
        ))}
        {scheduledDate && formatScheduled(scheduledDate) ? (
          <Group gap={6} wrap="nowrap" data-testid="line-scheduled">
            <IconCalendarEvent size={14} aria-hidden />
            <Text size="sm">{t.cart.scheduled(formatScheduled(scheduledDate))}</Text>
          </Group>
        ) : null}
        {below}
      </Stack>
      {aside}
    </Group>
  );
}
