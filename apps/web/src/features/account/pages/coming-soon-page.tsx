import { Badge, Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarStar, IconRepeat } from '@tabler/icons-react';
import { t } from '../strings.ts';

const icons = { SUBSCRIPTIONS: IconRepeat, EVENTS: IconCalendarStar } as const;

/** A section whose module is not built yet: says what will appear here. */
export function ComingSoonPage({ section }: { section: keyof typeof icons }) {
  const copy = t.account.placeholders[section];
  const Icon = icons[section];
  return (
    <Container size="md" py={{ base: 'xl', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {copy.title}
        </Title>
        <Card p="xl">
          <Stack align="center" ta="center" gap="sm" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light">
              <Icon size={28} />
            </ThemeIcon>
            <Badge variant="light" color="gray">
              {t.account.placeholders.comingSoon}
            </Badge>
            <Text c="dimmed" maw={420}>
              {copy.body}
            </Text>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
