import type { Service } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  AspectRatio,
  Button,
  Card,
  Center,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconPlus, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { mediaUrl } from './service-media.ts';
import { useSaveMedia } from './api/services.ts';

const s = t.media;

/** http(s) URLs and small inline images; the server keeps a reference, it stores no files. */
function urlProblem(value: string): string | undefined {
  if (!value) return undefined;
  if (value.length > 2048) return s.tooLong;
  if (/^data:image\//.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : s.badUrl;
  } catch {
    return s.badUrl;
  }
}

function Preview({ url, label }: { url: string | undefined; label: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {url ? (
        <Image src={url} alt={label} radius="md" fit="cover" />
      ) : (
        <Center bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Stack gap={4} align="center">
            <IconPhoto size={28} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {s.noImage}
            </Text>
          </Stack>
        </Center>
      )}
    </AspectRatio>
  );
}

/**
 * The service's cover image and gallery, by URL (the API keeps image references; there is no upload
 * endpoint yet). The starred gallery image is the main image the site shows on the service card.
 */
export function MediaPanel({ service }: { service: WithDates<Service> }) {
  const [cover, setCover] = useState(mediaUrl(service.media?.coverMedia?.image) ?? '');
  const [gallery, setGallery] = useState<string[]>(
    (service.media?.items ?? [])
      .map((item) => mediaUrl(item.image))
      .filter((url): url is string => Boolean(url)),
  );
  const [main, setMain] = useState(mediaUrl(service.media?.mainMedia?.image) ?? '');
  const [adding, setAdding] = useState('');
  const addProblem = urlProblem(adding.trim());
  const coverProblem = urlProblem(cover.trim());

  const save = useSaveMedia({ onSuccess: () => notifications.show({ color: 'teal', message: s.saved }) });
  const submit = () => {
    const image = (url: string) => ({ image: { url } });
    const mainUrl = gallery.includes(main) ? main : gallery[0];
    save.mutate({
      service,
      media: {
        items: gallery.map(image),
        ...(mainUrl ? { mainMedia: image(mainUrl) } : {}),
        ...(cover.trim() ? { coverMedia: image(cover.trim()) } : {}),
      },
    });
  };

  const add = () => {
    const url = adding.trim();
    if (!url || addProblem || gallery.includes(url)) return;
    setGallery([...gallery, url]);
    if (!main) setMain(url);
    setAdding('');
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={5}>{s.cover}</Title>
        <Text size="sm" c="dimmed">
          {s.coverHint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Preview url={coverProblem ? undefined : cover.trim() || undefined} label={s.cover} />
          <Stack gap="xs">
            <TextInput
              label={s.coverUrl}
              placeholder="https://…"
              value={cover}
              error={coverProblem}
              onChange={(event) => setCover(event.currentTarget.value)}
            />
            <Text size="xs" c="dimmed">
              {s.urlHint}
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>

      <Stack gap="xs">
        <Title order={5}>{s.gallery}</Title>
        <Text size="sm" c="dimmed">
          {s.galleryHint}
        </Text>
        {gallery.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {gallery.map((url, index) => (
              <Card key={url} p={0} withBorder radius="md" style={{ overflow: 'hidden' }}>
                <Preview url={url} label={s.galleryImage(index + 1)} />
                <Group justify="space-between" px="xs" py={6}>
                  <Tooltip label={main === url ? s.isMain : s.makeMain}>
                    <ActionIcon
                      variant="subtle"
                      color={main === url ? 'yellow' : 'gray'}
                      aria-label={s.makeMainOf(index + 1)}
                      aria-pressed={main === url}
                      onClick={() => setMain(url)}
                    >
                      {main === url ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                    </ActionIcon>
                  </Tooltip>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={s.removeOf(index + 1)}
                    onClick={() => setGallery(gallery.filter((entry) => entry !== url))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Group align="flex-start">
          <TextInput
            aria-label={s.imageUrl}
            placeholder={s.imageUrlPlaceholder}
            value={adding}
            error={addProblem}
            onChange={(event) => setAdding(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={!adding.trim() || Boolean(addProblem)}
            onClick={add}
          >
            {s.addImage}
          </Button>
        </Group>
      </Stack>

      <Group justify="flex-end">
        <Button loading={save.isPending} disabled={Boolean(coverProblem)} onClick={submit}>
          {s.save}
        </Button>
      </Group>
    </Stack>
  );
}
