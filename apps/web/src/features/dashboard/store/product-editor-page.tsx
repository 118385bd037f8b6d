import { Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { t } from './strings.ts';
import { ConfirmModal } from '../shared/confirm-modal.tsx';
import { useSession } from '../shared/session.tsx';
import { EmptyState, LoadError, Loading, NotAllowed } from '../shared/ui.tsx';
import { useDeleteProduct, useProduct } from './api/products.ts';
import { ChoiceMediaPanel } from './components/choice-media-panel.tsx';
import { DetailsForm } from './components/details-form.tsx';
import { MediaPanel } from './components/media-panel.tsx';
import { OptionsEditor } from './components/options-editor.tsx';
import { VariantsTable } from './components/variants-table.tsx';

const e = t.editor;
const stockColors = { IN_STOCK: 'teal', PARTIALLY_OUT_OF_STOCK: 'orange', OUT_OF_STOCK: 'red' } as const;

/**
 * One product: details, type, SKU and weight, pricing, custom texts and info sections, photos, options and
 * the photos of their choices, and the variant matrix with price, cost, weight, SKU and stock.
 */
export function ProductEditorPage() {
  const { productId = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const product = useProduct(productId);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteProduct({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t.products.deleted });
      navigate('/dashboard/store');
    },
  });
  const back = (
    <Anchor component={Link} to="/dashboard/store" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {e.back}
      </Group>
    </Anchor>
  );
  if (!session.canManage) return <NotAllowed />;
  if (product.isPending) return <Loading />;
  if (product.isError) {
    return (
      <Stack>
        {back}
        {product.error && 'status' in product.error && product.error.status === 404 ? (
          <EmptyState title={e.notFound} />
        ) : (
          <LoadError error={product.error} />
        )}
      </Stack>
    );
  }
  const data = product.data;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} size="h2">
              {data.name}
            </Title>
            {!data.visible ? (
              <Badge color="gray" variant="outline">
                {t.products.hiddenBadge}
              </Badge>
            ) : null}
            <Badge variant="light" color={stockColors[data.stock.inventoryStatus]}>
              {t.products.statuses[data.stock.inventoryStatus]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            /shop/{data.slug} · {t.products.variants(data.variants?.length ?? 1)}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            component="a"
            href={`/shop/${data.slug}`}
            target="_blank"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            {e.viewInShop}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            {e.delete}
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <DetailsForm key={data.id} product={data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <MediaPanel product={data} />
        </Grid.Col>
      </Grid>
      <OptionsEditor key={`options-${data.id}`} product={data} />
      <ChoiceMediaPanel product={data} />
      <VariantsTable key={`variants-${data.id}`} product={data} />
      <ConfirmModal
        opened={deleting}
        title={t.products.deleteTitle}
        body={t.products.deleteBody(data.name)}
        confirmLabel={t.products.delete}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(data)}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
