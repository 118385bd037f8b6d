import { Box, Group, Stack, Text } from '@mantine/core';
import type { DescriptionLine } from '@atrium/sdk/modules/ecom';
import { IconShoppingBag } from '@tabler/icons-react';
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

/**
 * One bought or to-be-bought line: photo, name, options, and what the caller adds beside it (a price, a
 * quantity stepper). `aside` sits at the right, `below` under the options.
 */
export function LineItem({
  name,
  image,
  descriptionLines,
  aside,
  below,
  thumb = 64,
}: {
  name: string;
  image: string | undefined;
  descriptionLines: DescriptionLine[] | undefined;
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
        {below}
      </Stack>
      {aside}
    </Group>
  );
}
