import type { Product } from '@atrium/sdk/modules/stores';
import {
  ActionIcon,
  Avatar,
  Card,
  CloseButton,
  Group,
  Image,
  Menu,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus } from '@tabler/icons-react';
import { t } from '../strings.ts';
import { useChoiceMedia } from '../api/products.ts';

const c = t.choiceMedia;

/**
 * Which of the product's photos the shop shows when a choice is picked (colour Red shows the red photos).
 * Photos are added to the product first (the photos panel); here they are linked to choices or unlinked.
 */
export function ChoiceMediaPanel({ product }: { product: Product }) {
  const link = useChoiceMedia({
    onSuccess: (_, { add }) => notifications.show({ color: 'teal', message: add ? c.linked : c.unlinked }),
  });
  const photos = product.media.items;
  const labelOf = (mediaId: string) => {
    const index = photos.findIndex((item) => item.id === mediaId);
    return photos[index]?.title || c.photo(index + 1);
  };
  if (product.productOptions.length === 0) return null;
  // Photos go on the choices of one option only (the clients' rule, which the server keeps too).
  const optionWithPhotos = product.productOptions.find((option) =>
    option.choices.some((choice) => (choice.media?.items ?? []).length > 0),
  )?.name;

  return (
    <Card p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {c.title}
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            {c.description}
          </Text>
        </Stack>
        {photos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {c.noPhotos}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" data-testid="choice-media">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={200}>{c.choice}</Table.Th>
                  <Table.Th>{c.photos}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {product.productOptions.flatMap((option) =>
                  option.choices.map((choice) => {
                    const name = `${option.name}: ${choice.description}`;
                    const linked = (choice.media?.items ?? []).map((item) => item.id);
                    const free =
                      optionWithPhotos === undefined || optionWithPhotos === option.name
                        ? photos.filter((item) => !linked.includes(item.id))
                        : [];
                    const change = (mediaId: string, add: boolean) =>
                      link.mutate({
                        productId: product.id,
                        assignment: { option: option.name, choice: choice.description, mediaIds: [mediaId] },
                        add,
                      });
                    return (
                      <Table.Tr key={name} data-testid="choice-media-row">
                        <Table.Td>
                          <Text size="sm">
                            <Text span c="dimmed" size="sm">
                              {option.name}:
                            </Text>{' '}
                            <b>{choice.description}</b>
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="wrap">
                            {(choice.media?.items ?? []).map((item) => (
                              <div key={item.id} style={{ position: 'relative' }}>
                                <Avatar src={item.image?.url} alt={labelOf(item.id)} radius="sm" size={44} />
                                <CloseButton
                                  size="xs"
                                  pos="absolute"
                                  top={-6}
                                  right={-6}
                                  variant="white"
                                  aria-label={c.unlink(labelOf(item.id), name)}
                                  onClick={() => change(item.id, false)}
                                />
                              </div>
                            ))}
                            {free.length > 0 ? (
                              <Menu position="bottom-start" withinPortal>
                                <Menu.Target>
                                  <ActionIcon
                                    variant="default"
                                    size={44}
                                    aria-label={c.link(name)}
                                    loading={
                                      link.isPending &&
                                      link.variables?.assignment.option === option.name &&
                                      link.variables.assignment.choice === choice.description
                                    }
                                  >
                                    <IconPhotoPlus size={18} />
                                  </ActionIcon>
                                </Menu.Target>
                                <Menu.Dropdown>
                                  {free.map((item) => (
                                    <Menu.Item
                                      key={item.id}
                                      leftSection={
                                        <Image src={item.image?.url} alt="" w={32} h={32} radius="sm" />
                                      }
                                      onClick={() => change(item.id, true)}
                                    >
                                      {labelOf(item.id)}
                                    </Menu.Item>
                                  ))}
                                </Menu.Dropdown>
                              </Menu>
                            ) : null}
                            {linked.length === 0 ? (
                              <Text size="xs" c="dimmed">
                                {optionWithPhotos !== undefined && optionWithPhotos !== option.name
                                  ? c.otherOption(optionWithPhotos)
                                  : c.none}
                              </Text>
                            ) : null}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  }),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
