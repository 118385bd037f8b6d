import {
  Alert,
  Button,
  Chip,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { shopSorts, useShopCollections, useShopProducts, type ShopSort } from '../api/shop-queries.ts';
import { ProductCard } from '../components/product-card.tsx';
import classes from '../components/shop.module.css';

const grid = { base: 2, sm: 3, md: 4 };

/** The shop: products by collection, name and order, kept in the address so a link shares the view. */
export function ShopPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: ShopSort = shopSorts.includes(sortParam as ShopSort) ? (sortParam as ShopSort) : 'newest';
  const collectionSlug = params.get('collection');
  const [debounced] = useDebouncedValue(search, 250);
  const collections = useShopCollections();
  const collection = collections.data?.find((candidate) => candidate.slug === collectionSlug);
  // A collection named in the address waits for the collections, so the list never flashes everything.
  const waiting = Boolean(collectionSlug) && collections.isPending;
  const products = useShopProducts({ search: debounced, collectionId: collection?.id ?? null, sort });

  // From the address as it is now, not as this render saw it: quick changes in a row all count. (React
  // Router's function form hands over the params of the last render, so a search typed right after a
  // collection chip was cleared put the collection back.)
  const update = (key: string, value: string | null) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filtered = Boolean(search || collectionSlug);

  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={{ base: 'xl', sm: 48 }}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 30, sm: 40 }}>
              {t.shop.title}
            </Title>
            <Text c="dimmed" maw={640}>
              {t.shop.subtitle}
            </Text>
            <Group align="flex-end" gap="md" wrap="wrap">
              <TextInput
                label={t.shop.search}
                placeholder={t.shop.searchPlaceholder}
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={products.isFetching && products.data ? <Loader size={14} /> : null}
                value={search}
                onChange={(event) => update('q', event.currentTarget.value)}
                w={{ base: '100%', xs: 360 }}
                size="md"
                type="search"
              />
              <Select
                label={t.shop.sort}
                data={shopSorts.map((value) => ({ value, label: t.shop.sorts[value] }))}
                value={sort}
                onChange={(value) => update('sort', value === 'newest' ? null : value)}
                allowDeselect={false}
                size="md"
                w={{ base: '100%', xs: 220 }}
              />
            </Group>
            {collections.data && collections.data.length > 0 ? (
              <Chip.Group
                value={collection?.slug ?? 'all'}
                onChange={(value) => update('collection', value === 'all' ? null : (value as string))}
              >
                <Group gap="xs" role="group" aria-label={t.shop.collections}>
                  <Chip value="all" variant="light">
                    {t.shop.allProducts}
                  </Chip>
                  {collections.data.map((item) => (
                    <Chip key={item.id} value={item.slug} variant="light">
                      {item.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
          </Stack>
        </Container>
      </section>
      <Container size="lg" py="xl">
        {products.isError ? (
          <Alert color="red" title={shell.errors.title}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t.shop.loadFailed}</Text>
              <Button size="xs" variant="light" onClick={() => void products.refetch()}>
                {shell.errors.retry}
              </Button>
            </Stack>
          </Alert>
        ) : !products.data || waiting ? (
          <SimpleGrid cols={grid} spacing="lg">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} h={300} radius="lg" />
            ))}
          </SimpleGrid>
        ) : products.data.products.length === 0 ? (
          <Stack align="center" py={64} gap="sm">
            <Text c="dimmed">{t.shop.empty}</Text>
            {filtered ? (
              <Button variant="light" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                {t.shop.clear}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="shop-count">
              {t.shop.count(products.data.total)}
            </Text>
            <SimpleGrid cols={grid} spacing={{ base: 'sm', sm: 'lg' }}>
              {products.data.products.map((product, index) => (
                <ProductCard key={product.id} product={product} eager={index < 4} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Container>
    </>
  );
}
