import type { Product } from '@atrium/sdk/modules/stores';
import { mediaInputSchema } from '@atrium/contract/stores/products-v1';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { useAddMedia, useRemoveMedia } from '../api/products.ts';

const m = t.media;

/** The product's photos: the first is the shop's; add one by its address, remove any. */
export function MediaPanel({ product }: { product: Product }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddMedia({
    onSuccess: () => {
      setUrl('');
      notifications.show({ color: 'teal', message: m.added });
    },
  });
  const remove = useRemoveMedia({
    onSuccess: () => notifications.show({ color: 'teal', message: m.removed }),
  });
  const items = product.media.items;

  return (
    <Card p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {m.title}
          </Title>
          <Text size="sm" c="dimmed">
            {m.description}
          </Text>
        </Stack>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.empty}
          </Text>
        ) : (
          <SimpleGrid cols={2} spacing="sm">
            {items.map((item, index) => (
              <div key={item.id} style={{ position: 'relative' }}>
                <Image src={item.image?.url} alt={item.title} radius="md" style={{ aspectRatio: '1 / 1' }} />
                {index === 0 ? (
                  <Badge size="xs" variant="filled" color="dark" pos="absolute" top={8} left={8}>
                    {m.main}
                  </Badge>
                ) : null}
                <ActionIcon
                  pos="absolute"
                  top={6}
                  right={6}
                  variant="white"
                  color="red"
                  aria-label={m.remove}
                  loading={remove.isPending && remove.variables?.mediaId === item.id}
                  onClick={() => remove.mutate({ productId: product.id, mediaId: item.id })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </div>
            ))}
          </SimpleGrid>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const media = { url: url.trim() };
            if (!mediaInputSchema.safeParse(media).success || !/^https?:\/\//.test(media.url)) {
              setError(m.invalidUrl);
              return;
            }
            setError(undefined);
            add.mutate({ productId: product.id, media: [media] });
          }}
        >
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label={m.url}
              placeholder={m.urlPlaceholder}
              value={url}
              error={error}
              onChange={(event) => setUrl(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<IconPhotoPlus size={16} />}
              loading={add.isPending}
              disabled={!url.trim()}
            >
              {m.add}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
