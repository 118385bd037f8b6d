import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';

export function HomePage() {
  return (
    <Container size="sm" py={96}>
      <Stack gap="lg">
        <Text c="teal" fw={600} tt="uppercase" size="sm">
          Atrium
        </Text>
        <Title order={1}>Bookings, shop, events and content — one platform you host yourself.</Title>
        <Text c="dimmed" size="lg">
          The API is running. Explore it in the reference, or sign in to the dashboard once identity is set
          up.
        </Text>
        <Group>
          <Button component="a" href="/docs">
            API reference
          </Button>
          <Anchor href="/openapi.json">OpenAPI document</Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
