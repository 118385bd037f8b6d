import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '../i18n/strings.ts';
import classes from './home-page.module.css';

export function HomePage() {
  return (
    <section className={classes.hero}>
      <Container size="lg" py={{ base: 56, sm: 96 }}>
        <Stack gap="lg" maw={640}>
          <Text c="brand.8" fw={700} tt="uppercase" size="sm" lts={1}>
            {t.home.eyebrow}
          </Text>
          <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1}>
            {t.home.title}
          </Title>
          <Text c="dimmed" size="lg">
            {t.home.subtitle}
          </Text>
          <Group>
            <Button size="md" component={Link} to="/services">
              {t.home.browse}
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
