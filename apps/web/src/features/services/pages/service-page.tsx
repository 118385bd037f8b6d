import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconClock, IconMapPin, IconPlus, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { useService, useStaff, type SiteService } from '../../../lib/site-services.ts';
import { ServiceMedia } from '../components/service-media.tsx';
import { VisitBar } from '../components/visit-bar.tsx';
import { durationOf, initialsOf, priceLabel } from '../../../lib/service-format.ts';
import { useVisit, visitStore } from '../../../lib/visit-store.ts';
import classes from '../components/services.module.css';

function locationLabel(service: SiteService): string | undefined {
  const location = service.locations[0];
  if (!location) return undefined;
  const address =
    location.business?.address?.formattedAddress ??
    location.custom?.address?.formattedAddress ??
    location.calculatedAddress?.formattedAddress;
  return address ?? location.business?.name ?? shell.common.locations[location.type];
}

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Avatar radius="md" size={36} color="brand" variant="light" aria-hidden>
        {icon}
      </Avatar>
      <Stack gap={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        <Text fw={600}>{value}</Text>
      </Stack>
    </Group>
  );
}

function StaffList({ ids }: { ids: string[] }) {
  const staff = useStaff();
  const people = (staff.data ?? []).filter((person) => ids.includes(person.id));
  if (people.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t.services.staff}
      </Title>
      <Stack gap="sm">
        {people.map((person) => {
          const image = person.mainMedia?.image;
          const url = typeof image === 'string' ? image : image?.url;
          return (
            <Group key={person.id} gap="sm" wrap="nowrap">
              <Avatar src={url} radius="xl" size={44} color="brand" alt="">
                {initialsOf(person.name)}
              </Avatar>
              <Stack gap={0}>
                <Text fw={600}>{person.name}</Text>
                {person.description ? (
                  <Text size="sm" c="dimmed">
                    {person.description}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** A service: what it is, how long, how much, where and with whom, and the way to book it. */
export function ServicePage() {
  const { serviceId = '' } = useParams();
  const query = useService(serviceId);
  const visit = useVisit();

  if (query.isError) {
    return (
      <Container size="sm" py={64}>
        <Alert color="red" title={shell.errors.notFoundTitle}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t.services.notFound}</Text>
            <Button component={Link} to="/services" variant="light" size="xs">
              {t.services.backToServices}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const service = query.data;
  if (!service) {
    return (
      <Container size="lg" py="xl">
        <Skeleton h={280} radius="lg" />
        <Skeleton h={24} mt="lg" w="40%" />
        <Skeleton h={80} mt="md" />
      </Container>
    );
  }
  const minutes = durationOf(service);
  const location = locationLabel(service);
  const inVisit = visit.some((item) => item.serviceId === service.id);

  return (
    <>
      <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
        <Anchor component={Link} to="/services" size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {t.services.backToServices}
          </Group>
        </Anchor>
        <Grid mt="md" gap={{ base: 'lg', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <ServiceMedia service={service} height={300} />
              <Stack gap="xs">
                <Group gap="xs">
                  <Badge variant="light">{shell.common.serviceTypes[service.type]}</Badge>
                  {service.category?.name ? (
                    <Badge variant="outline" color="gray">
                      {service.category.name}
                    </Badge>
                  ) : null}
                </Group>
                <Title order={1} fz={{ base: 28, sm: 36 }}>
                  {service.name}
                </Title>
                {service.tagLine ? (
                  <Text size="lg" c="dimmed">
                    {service.tagLine}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  {t.services.about}
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>
                  {service.description || t.services.noDescription}
                </Text>
              </Stack>
              <StaffList ids={service.staffMemberIds} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card p="lg" className={classes.sticky}>
              <Stack gap="md">
                <Text fz={28} fw={800} data-testid="service-price">
                  {priceLabel(service)}
                </Text>
                <Stack gap="md" className={classes.facts}>
                  {minutes ? (
                    <Fact
                      icon={<IconClock size={18} />}
                      label={t.services.duration}
                      value={shell.common.minutes(minutes)}
                    />
                  ) : null}
                  {location ? (
                    <Fact icon={<IconMapPin size={18} />} label={t.services.location} value={location} />
                  ) : null}
                  {service.type !== 'APPOINTMENT' && service.defaultCapacity ? (
                    <Fact
                      icon={<IconUsers size={18} />}
                      label={shell.common.serviceTypes[service.type]}
                      value={t.services.capacity(service.defaultCapacity)}
                    />
                  ) : null}
                </Stack>
                <Button component={Link} to={`/services/${service.id}/book`} size="md" fullWidth>
                  {t.services.bookThis}
                </Button>
                {service.type === 'APPOINTMENT' ? (
                  <Button
                    variant="default"
                    fullWidth
                    leftSection={inVisit ? <IconCheck size={16} /> : <IconPlus size={16} />}
                    disabled={inVisit}
                    onClick={() => visitStore.add({ serviceId: service.id, name: service.name })}
                  >
                    {inVisit ? t.services.inVisit : t.services.addToVisit}
                  </Button>
                ) : null}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
      <VisitBar />
    </>
  );
}
