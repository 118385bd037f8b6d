import { Badge, Card, Stack, Text } from '@mantine/core';
import type { Product } from '@atrium/sdk/modules/stores';
import { Link } from 'react-router';
import { t } from '../strings.ts';
import { PriceTag } from './price-tag.tsx';
import { ProductPhoto } from './product-photo.tsx';
import classes from './shop.module.css';

export function photoOf(product: Pick<Product, 'media'>): string | undefined {
  return product.media.mainMedia?.image?.url ?? product.media.items[0]?.image?.url;
}

/** A product in the shop's grid: photo with its ribbon, name, brand and price; the whole card opens it. */
export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  return (
    <Card className={classes.card} p="sm" component="article" data-testid="product-card" pos="relative">
      <ProductPhoto url={photoOf(product)} alt="" eager={eager}>
        {product.ribbon ? (
          <Badge className={classes.ribbon} variant="filled" color="dark" radius="sm">
            {product.ribbon}
          </Badge>
        ) : null}
        {!product.stock.inStock ? (
          <Badge className={classes.soldOut} variant="white" color="gray" radius="sm">
            {t.shop.outOfStock}
          </Badge>
        ) : null}
      </ProductPhoto>
      <Stack gap={4} mt="sm" px={4} pb={4} style={{ flex: 1 }}>
        {product.brand ? (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
            {product.brand}
          </Text>
        ) : null}
        <Link to={`/shop/${product.slug}`} className={classes.cardLink}>
          <Text fw={600} lh={1.3}>
            {product.name}
          </Text>
        </Link>
        <div style={{ marginTop: 'auto' }}>
          <PriceTag price={product.priceData} discount={product.discount} />
        </div>
      </Stack>
    </Card>
  );
}
