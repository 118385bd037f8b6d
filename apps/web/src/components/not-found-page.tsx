import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../i18n/strings.ts';

export function NotFoundPage() {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="brand.7" lh={1}>
          404
        </Text>
        <Title order={2}>{t.errors.notFoundTitle}</Title>
        <Text c="dimmed">{t.errors.notFoundBody}</Text>
        <Button component={Link} to="/" variant="light">
          {t.errors.backHome}
        </Button>
      </Stack>
    </Container>
  );
}
