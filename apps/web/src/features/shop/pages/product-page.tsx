import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { defaultVariantId } from '@atrium/contract/stores/products-v1';
import type { Product } from '@atrium/sdk/modules/stores';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconCircleX,
  IconLock,
  IconShoppingCartPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { paragraphsOf } from '../../../lib/rich-text.ts';
import { useAddProductToCart } from '../api/cart.ts';
import { useOptionsAvailability, useShopProduct } from '../api/shop-queries.ts';
import { OptionPicker } from '../components/option-picker.tsx';
import { PriceTag } from '../components/price-tag.tsx';
import { photoOf } from '../components/product-card.tsx';
import { ProductPhoto } from '../components/product-photo.tsx';
import {
  isComplete,
  missingOptions,
  selectedVariant,
  stockState,
  visibleOptions,
  type Picks,
  type StockState,
} from '../lib/variants.ts';
import { cartDrawer } from '../lib/cart-drawer.ts';
import classes from '../components/shop.module.css';

function StockLine({ state }: { state: StockState }) {
  const s = t.product.stock;
  switch (state.kind) {
    case 'choose':
      return (
        <Text size="sm" c="dimmed" data-testid="stock-message">
          {t.product.choose(state.options)}
        </Text>
      );
    case 'out':
      return (
        <Group gap={6} c="red.7" data-testid="stock-message">
          <IconCircleX size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {s.out}
          </Text>
        </Group>
      );
    case 'few':
      return (
        <Group gap={6} c="orange.7" data-testid="stock-message">
          <IconAlertTriangle size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {s.few(state.quantity)}
          </Text>
        </Group>
      );
    default:
      return (
        <Group gap={6} c="brand.8" data-testid="stock-message">
          <IconCircleCheck size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {state.kind === 'counted' ? s.counted(state.quantity) : s.in}
          </Text>
        </Group>
      );
  }
}

/** The photo of a picked choice that has its own (a colour), else the product's. */
function photoFor(product: Product, picks: Picks): string | undefined {
  for (const option of product.productOptions) {
    const choice = option.choices.find((candidate) => candidate.description === picks[option.name]);
    const url = choice?.media?.mainMedia?.image?.url;
    if (url) return url;
  }
  return photoOf(product);
}

function ProductDetails({ product }: { product: Product }) {
  const [picks, setPicks] = useState<Picks>({});
  const options = visibleOptions(product);
  const complete = isComplete(product, picks);
  const local = selectedVariant(product, picks);
  // The server's answer for the picked variant is the truth (stock moves); the variants show meanwhile.
  const availability = useOptionsAvailability(product.id, picks, complete && options.length > 0);
  const chosen = complete ? availability.data?.selectedVariant : undefined;
  const price = chosen?.price ?? local?.variant.priceData ?? product.priceData;
  const stock = chosen
    ? {
        inStock: chosen.inStock && chosen.visible,
        trackQuantity: chosen.quantity != null,
        quantity: chosen.quantity,
      }
    : local
      ? { ...local.stock, inStock: local.stock.inStock && local.variant.visible }
      : complete
        ? product.stock
        : undefined;
  const state = stockState(stock, missingOptions(product, picks));
  const paragraphs = paragraphsOf(product.description);
  const sku = local?.variant.sku || product.sku;
  const addToCart = useAddProductToCart();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const written = Object.fromEntries(Object.entries(texts).filter(([, value]) => value.trim() !== ''));
  const textsMissing = product.customTextFields.some((field) => field.mandatory && !written[field.title]);
  // The variant the picks select; a product without options is sold as its one default variant.
  const variantId = local?.id ?? (options.length === 0 ? defaultVariantId : undefined);
  const buyable = variantId !== undefined && state.kind !== 'out' && state.kind !== 'choose' && !textsMissing;
  const add = () => {
    if (!variantId) return;
    addToCart.mutate(
      {
        productId: product.id,
        variantId,
        ...(Object.keys(written).length > 0 ? { customTextFields: written } : {}),
      },
      { onSuccess: () => cartDrawer.open() },
    );
  };

  return (
    <Grid mt="md" gap={{ base: 'lg', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <ProductPhoto url={photoFor(product, picks)} alt={product.name} eager>
            {product.ribbon ? (
              <Badge className={classes.ribbon} variant="filled" color="dark" radius="sm" size="lg">
                {product.ribbon}
              </Badge>
            ) : null}
          </ProductPhoto>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <Stack gap={6}>
            {product.brand ? (
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
                {product.brand}
              </Text>
            ) : null}
            <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.2}>
              {product.name}
            </Title>
            <PriceTag price={price} discount={product.discount} size="lg" testId="product-price" />
          </Stack>
          {options.map((option) => (
            <OptionPicker
              key={option.name}
              product={product}
              option={option}
              picks={picks}
              onPick={(choice) =>
                setPicks((current) => {
                  const next = { ...current };
                  if (choice === undefined) delete next[option.name];
                  else next[option.name] = choice;
                  return next;
                })
              }
            />
          ))}
          {product.customTextFields.map((field) => (
            <TextInput
              key={field.title}
              label={field.title}
              description={t.product.textLimit(field.maxLength)}
              required={field.mandatory}
              maxLength={field.maxLength}
              value={texts[field.title] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setTexts((current) => ({ ...current, [field.title]: value }));
              }}
            />
          ))}
          <StockLine state={state} />
          <Card p="md" bg="var(--mantine-color-default-hover)" withBorder={false}>
            <Stack gap="xs">
              <Button
                size="md"
                fullWidth
                disabled={!buyable}
                loading={addToCart.isPending}
                onClick={add}
                leftSection={<IconShoppingCartPlus size={18} />}
              >
                {t.product.addToCart}
              </Button>
              {addToCart.isError ? (
                <Text size="sm" c="red.7" role="alert">
                  {t.product.addFailed}
                </Text>
              ) : null}
              <Group gap={6} justify="center" c="dimmed">
                <IconLock size={14} aria-hidden />
                <Text size="xs">{t.product.secure}</Text>
              </Group>
            </Stack>
          </Card>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t.product.description}
            </Title>
            {paragraphs.map((paragraph, index) => (
              <Text key={index} style={{ whiteSpace: 'pre-line' }}>
                {paragraph}
              </Text>
            ))}
            {product.additionalInfoSections.map((section) => (
              <Stack key={section.title} gap={4} mt="sm">
                <Title order={3} fz="md">
                  {section.title}
                </Title>
                {paragraphsOf(section.description).map((paragraph, index) => (
                  <Text key={index} size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            ))}
            <Group gap="lg">
              {product.productType === 'digital' ? (
                <Text size="sm" c="dimmed">
                  {t.product.digital}
                </Text>
              ) : null}
              {sku ? (
                <Text size="sm" c="dimmed">
                  {t.product.sku}: {sku}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A product: photo, price (with its discount), options that offer only what is in stock, and stock. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const query = useShopProduct(slug);
  const back = (
    <Anchor component={Link} to="/shop" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t.product.back}
      </Group>
    </Anchor>
  );
  if (query.isError || query.data === null) {
    return (
      <Container size="sm" py={64}>
        <Alert color="red" title={shell.errors.notFoundTitle}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t.product.notFound}</Text>
            <Button component={Link} to="/shop" variant="light" size="xs">
              {t.product.back}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      {back}
      {query.data ? (
        <ProductDetails key={query.data.id} product={query.data} />
      ) : (
        <Grid mt="md" gap={{ base: 'lg', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton radius="md" style={{ aspectRatio: '1 / 1' }} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={32} w="70%" />
            <Skeleton h={28} w="30%" mt="md" />
            <Skeleton h={120} mt="lg" />
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
