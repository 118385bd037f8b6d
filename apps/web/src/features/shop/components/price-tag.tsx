import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { CatalogV1PriceData } from '@atrium/contract/money';
import type { StoresDiscount } from '@atrium/contract/stores/products-v1';
import { t } from '../strings.ts';
import { formatMoney } from '../../../lib/money.ts';
import classes from './shop.module.css';

function discountLabel(discount: StoresDiscount | undefined, price: CatalogV1PriceData): string | undefined {
  if (!discount || discount.type === 'NONE' || discount.value <= 0) return undefined;
  if (discount.type === 'PERCENT') return t.product.discountPercent(discount.value);
  return t.product.discountAmount(formatMoney(price.price - price.discountedPrice, price.currency));
}

/**
 * What a product costs: the price paid, and when it is discounted the list price struck through beside it
 * with the discount named.
 */
export function PriceTag({
  price,
  discount,
  size = 'md',
  testId,
}: {
  price: CatalogV1PriceData;
  discount?: StoresDiscount;
  size?: 'md' | 'lg';
  testId?: string;
}) {
  const discounted = price.discountedPrice < price.price;
  const label = discounted ? discountLabel(discount, price) : undefined;
  const fz = size === 'lg' ? 28 : 'md';
  return (
    <Group gap="xs" align="baseline" wrap="wrap" data-testid={testId}>
      {discounted ? (
        <>
          <Text fz={fz} fw={800} c="red.9">
            <VisuallyHidden>{t.product.salePrice} </VisuallyHidden>
            {price.formatted.discountedPrice}
          </Text>
          <Text fz={size === 'lg' ? 'lg' : 'sm'} className={classes.listPrice}>
            <VisuallyHidden>{t.product.listPrice} </VisuallyHidden>
            {price.formatted.price}
          </Text>
          {label ? (
            <Badge color="red" variant="light" size={size === 'lg' ? 'md' : 'sm'}>
              {label}
            </Badge>
          ) : null}
        </>
      ) : (
        <Text fz={fz} fw={size === 'lg' ? 800 : 700}>
          {price.formatted.price}
        </Text>
      )}
    </Group>
  );
}
