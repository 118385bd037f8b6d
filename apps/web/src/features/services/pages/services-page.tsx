import {
  Alert,
  Button,
  Chip,
  Container,
  Group,
  Loader,
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
import { useCategories, useServices } from '../api/services-queries.ts';
import { ServiceCard } from '../components/service-card.tsx';
import { VisitBar } from '../components/visit-bar.tsx';
import classes from '../components/services.module.css';

/** Services of the site, filtered by category and free text (kept in the address so links can share it). */
export function ServicesPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const categoryId = params.get('category');
  const [debounced] = useDebouncedValue(search, 250);
  const services = useServices(debounced, categoryId);
  const categories = useCategories();

  const update = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={{ base: 'xl', sm: 48 }}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 30, sm: 40 }}>
              {t.services.title}
            </Title>
            <Text c="dimmed" maw={640}>
              {t.services.subtitle}
            </Text>
            <TextInput
              label={t.services.search}
              placeholder={t.services.searchPlaceholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={services.isFetching && services.data ? <Loader size={14} /> : null}
              value={search}
              onChange={(event) => update('q', event.currentTarget.value)}
              maw={480}
              size="md"
              type="search"
            />
            {categories.data && categories.data.length > 0 ? (
              <Chip.Group
                value={categoryId ?? 'all'}
                onChange={(value) => update('category', value === 'all' ? null : (value as string))}
              >
                <Group gap="xs" role="group" aria-label={t.services.categories}>
                  <Chip value="all" variant="light">
                    {t.services.allCategories}
                  </Chip>
                  {categories.data.map((category) => (
                    <Chip key={category.id} value={category.id} variant="light">
                      {category.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
          </Stack>
        </Container>
      </section>
      <Container size="lg" py="xl">
        {services.isError ? (
          <Alert color="red" title={shell.errors.title}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t.services.loadFailed}</Text>
              <Button size="xs" variant="light" onClick={() => void services.refetch()}>
                {shell.errors.retry}
              </Button>
            </Stack>
          </Alert>
        ) : !services.data ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} h={320} radius="lg" />
            ))}
          </SimpleGrid>
        ) : services.data.length === 0 ? (
          <Stack align="center" py={64} gap="sm">
            <Text c="dimmed">{t.services.empty}</Text>
            {search || categoryId ? (
              <Button variant="light" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                {t.services.clearSearch}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-live="polite">
            {services.data.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </SimpleGrid>
        )}
      </Container>
      <VisitBar />
    </>
  );
}
