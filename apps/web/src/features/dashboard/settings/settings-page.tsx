import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useSite } from '../shared/api/catalogue.ts';
import { useSession } from '../shared/session.tsx';
import type { Weekday } from '../shared/format.ts';
import { LoadError, Loading, NotAllowed, PageHeader } from '../shared/ui.tsx';
import { hoursProblem, WorkingHoursEditor, type Period } from '../shared/working-hours-editor.tsx';
import {
  useBookingsSettings,
  useRegistrationSettings,
  useUpdateBookingsSettings,
  useUpdateRegistrationSettings,
  useUpdateSite,
} from './api/settings.ts';

const s = t.settings;
const timeZones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo'];
  }
})();
const currencies = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'CAD',
  'AUD',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'ILS',
  'INR',
  'BRL',
];

function SiteCard() {
  const site = useSite();
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState<string | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  useEffect(() => {
    if (!site.data) return;
    setName(site.data.name);
    setTimezone(site.data.timezone);
    setCurrency(site.data.currency);
  }, [site.data]);
  const save = useUpdateSite({
    onSuccess: () => notifications.show({ color: 'teal', message: s.saved }),
  });
  return (
    <Card>
      <Title order={4} mb="md">
        {s.business}
      </Title>
      {site.isPending ? (
        <Loading />
      ) : site.isError ? (
        <LoadError error={site.error} />
      ) : (
        <Stack gap="sm">
          <TextInput
            label={s.siteName}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            label={s.timeZone}
            data={Array.from(new Set([...(timezone ? [timezone] : []), ...timeZones]))}
            searchable
            value={timezone}
            onChange={setTimezone}
            allowDeselect={false}
          />
          <Select
            label={s.currency}
            data={Array.from(new Set([...(currency ? [currency] : []), ...currencies]))}
            searchable
            value={currency}
            onChange={setCurrency}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              disabled={!name.trim()}
              onClick={() =>
                save.mutate({
                  name: name.trim(),
                  ...(timezone ? { timezone } : {}),
                  ...(currency ? { currency } : {}),
                  revision: site.data?.revision,
                })
              }
            >
              {shared.common.save}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

function RegistrationCard() {
  const settings = useRegistrationSettings();
  const save = useUpdateRegistrationSettings();
  const toggle = (
    field: 'requireEmailVerification' | 'requireOwnerApproval' | 'captchaOnRegister' | 'captchaOnLogin',
    label: string,
  ) => (
    <Switch
      label={label}
      checked={settings.data?.[field] ?? false}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ [field]: event.currentTarget.checked })}
    />
  );
  return (
    <Card>
      <Title order={4} mb="md">
        {s.registration}
      </Title>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadError error={settings.error} />
      ) : (
        <Stack gap="sm">
          {toggle('requireEmailVerification', s.requireEmailVerification)}
          {toggle('requireOwnerApproval', s.requireOwnerApproval)}
          {toggle('captchaOnRegister', s.captchaOnRegister)}
          {toggle('captchaOnLogin', s.captchaOnLogin)}
        </Stack>
      )}
    </Card>
  );
}

function BusinessHoursCard() {
  const settings = useBookingsSettings();
  const [hours, setHours] = useState<Period[]>([]);
  useEffect(() => {
    if (settings.data)
      setHours(
        settings.data.businessHours.map((period) => ({ ...period, weekday: period.weekday as Weekday })),
      );
  }, [settings.data]);
  const problem = hoursProblem(hours);
  const save = useUpdateBookingsSettings({
    onSuccess: () => notifications.show({ color: 'teal', message: s.saved }),
  });
  return (
    <Card>
      <Title order={4} mb="md">
        {s.businessHours}
      </Title>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadError error={settings.error} />
      ) : (
        <Stack gap="sm">
          <WorkingHoursEditor value={hours} onChange={setHours} />
          {problem && <Alert color="red">{problem}</Alert>}
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              disabled={Boolean(problem)}
              onClick={() => save.mutate({ businessHours: hours, revision: settings.data?.revision })}
            >
              {shared.common.save}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/** The site's name, time zone and currency, who may register, and when the business is open. */
export function SettingsPage() {
  const session = useSession();
  if (!session.canManage)
    return (
      <>
        <PageHeader title={s.title} />
        <NotAllowed />
      </>
    );
  return (
    <>
      <PageHeader title={s.title} description={s.description} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack>
          <SiteCard />
          <RegistrationCard />
        </Stack>
        <BusinessHoursCard />
      </SimpleGrid>
    </>
  );
}
