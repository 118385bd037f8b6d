import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import type { SiteService } from '../../../lib/site-services.ts';
import { durationOf, priceLabel } from '../../../lib/service-format.ts';
import { ServiceMedia } from './service-media.tsx';
import classes from './services.module.css';

export function ServiceCard({ service }: { service: SiteService }) {
  const minutes = durationOf(service);
  return (
    <Card className={classes.card} p="md" component="article" data-testid="service-card">
      <ServiceMedia service={service} height={150} />
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Group gap="xs">
          <Badge variant="light" size="sm">
            {shell.common.serviceTypes[service.type]}
          </Badge>
          {minutes ? (
            <Group gap={4} c="dimmed">
              <IconClock size={14} aria-hidden />
              <Text size="xs">{shell.common.minutes(minutes)}</Text>
            </Group>
          ) : null}
        </Group>
        <Link to={`/services/${service.id}`} className={classes.cardLink}>
          <Text fw={700} size="lg" lh={1.25}>
            {service.name}
          </Text>
        </Link>
        {service.tagLine ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {service.tagLine}
          </Text>
        ) : null}
      </Stack>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Text fw={700}>{priceLabel(service)}</Text>
        <Button
          component={Link}
          to={`/services/${service.id}/book`}
          size="sm"
          aria-label={`${t.services.book}: ${service.name}`}
        >
          {t.services.book}
        </Button>
      </Group>
    </Card>
  );
}
