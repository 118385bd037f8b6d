import { Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Product } from '@atrium/sdk/modules/stores';
import { t } from '../strings.ts';
import { isChoiceAvailable, type Picks } from '../lib/variants.ts';
import classes from './shop.module.css';

type Option = Product['productOptions'][number];

/**
 * One option's choices as a radio group: colour swatches or labelled buttons. A choice that no variant
 * with the other picks has in stock is disabled (and says so to screen readers).
 */
export function OptionPicker({
  product,
  option,
  picks,
  onPick,
}: {
  product: Pick<Product, 'variants'>;
  option: Option;
  picks: Picks;
  onPick: (choice: string | undefined) => void;
}) {
  const picked = picks[option.name];
  const labelId = `option-${option.name.replace(/\W+/g, '-')}`;
  return (
    <Stack gap={8}>
      <Text size="sm" fw={600} id={labelId}>
        {option.name}
        {picked ? (
          <Text span c="dimmed" fw={400}>
            {' '}
            · {picked}
          </Text>
        ) : null}
      </Text>
      <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
        {option.choices.map((choice) => {
          const available = isChoiceAvailable(product, option.name, choice.description, picks);
          const checked = picked === choice.description;
          const common = {
            type: 'button' as const,
            role: 'radio',
            'aria-checked': checked,
            disabled: !available,
            'aria-label': available ? choice.description : t.product.soldOutChoice(choice.description),
            onClick: () => onPick(checked ? undefined : choice.description),
          };
          return option.optionType === 'color' ? (
            <Tooltip key={choice.description} label={common['aria-label']} openDelay={300}>
              <button {...common} className={classes.swatch}>
                <span style={{ background: choice.value }} />
              </button>
            </Tooltip>
          ) : (
            <button key={choice.description} {...common} className={classes.choice}>
              {choice.description}
            </button>
          );
        })}
      </Group>
    </Stack>
  );
}
