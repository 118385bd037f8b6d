import {
  Alert,
  Box,
  Button,
  Card,
  ColorInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { defaultAccentColor, textColorOn } from '@atrium/contract/sites';
import { t } from './strings.ts';
import { TimeZoneSelect } from './time-zone-select.tsx';
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
  useTimeZoneChangePreview,
  useUpdateSite,
} from './api/settings.ts';
import { ConfirmModal } from '../shared/confirm-modal.tsx';

const s = t.settings;
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

const locales = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'sv-SE',
  'pl-PL',
  'ja-JP',
];
const localeName = (() => {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    return (tag: string) => `${names.of(tag) ?? tag} (${tag})`;
  } catch {
    return (tag: string) => tag;
  }
})();

function SiteCard() {
  const site = useSite();
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState<string | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [locale, setLocale] = useState<string | null>(null);
  useEffect(() => {
    if (!site.data) return;
    setName(site.data.name);
    setTimezone(site.data.timezone);
    setCurrency(site.data.currency);
    setLocale(site.data.locale);
  }, [site.data]);
  const save = useUpdateSite({
    onSuccess: () => {
      setZoneChange(undefined);
      notifications.show({ color: 'teal', message: s.saved });
    },
  });
  const [zoneChange, setZoneChange] = useState<Parameters<typeof s.zoneChangeBody>[0]>();
  const preview = useTimeZoneChangePreview({
    onSuccess: (counts, to) => setZoneChange({ from: site.data?.timezone ?? '', to, ...counts }),
  });
  const saveNow = () =>
    save.mutate({
      name: name.trim(),
      ...(timezone ? { timezone } : {}),
      ...(currency ? { currency } : {}),
      ...(locale ? { locale } : {}),
      revision: site.data?.revision,
    });
  // A new time zone moves sessions and bookings: the owner reads what it does before it is saved.
  const askThenSave = () => {
    if (!timezone || timezone === site.data?.timezone) saveNow();
    else preview.mutate(timezone);
  };
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
          <TimeZoneSelect value={timezone} onChange={setTimezone} />
          <Select
            label={s.currency}
            data={Array.from(new Set([...(currency ? [currency] : []), ...currencies]))}
            searchable
            value={currency}
            onChange={setCurrency}
            allowDeselect={false}
          />
          <Select
            label={s.locale}
            description={s.localeHelp}
            data={Array.from(new Set([...(locale ? [locale] : []), ...locales])).map((tag) => ({
              value: tag,
              label: localeName(tag),
            }))}
            searchable
            value={locale}
            onChange={setLocale}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button
              loading={save.isPending || preview.isPending}
              disabled={!name.trim()}
              onClick={askThenSave}
            >
              {shared.common.save}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={zoneChange !== undefined}
        title={s.zoneChangeTitle}
        body={zoneChange ? s.zoneChangeBody(zoneChange) : ''}
        confirmLabel={s.zoneChangeConfirm}
        loading={save.isPending}
        onConfirm={saveNow}
        onClose={() => setZoneChange(undefined)}
      />
    </Card>
  );
}

const hexColour = /^#[0-9a-fA-F]{6}$/;

/** The colour and logo of the site's mails, with a preview of a mail's header and button. */
function BrandingCard() {
  const site = useSite();
  const [accentColor, setAccentColor] = useState('');
  const [logoUrl, setLogoUrl] = useState('');
  useEffect(() => {
    if (!site.data) return;
    setAccentColor(site.data.branding.accentColor ?? '');
    setLogoUrl(site.data.branding.logoUrl ?? '');
  }, [site.data]);
  const save = useUpdateSite({
    onSuccess: () => notifications.show({ color: 'teal', message: s.saved }),
  });
  const colourProblem = accentColor && !hexColour.test(accentColor) ? s.accentColorInvalid : undefined;
  const logoProblem = logoUrl && !/^https:\/\/\S+$/.test(logoUrl) ? s.logoUrlInvalid : undefined;
  const previewColour = accentColor && !colourProblem ? accentColor : defaultAccentColor;
  return (
    <Card>
      <Title order={4} mb="xs">
        {s.branding}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {s.brandingHelp}
      </Text>
      {site.isPending ? (
        <Loading />
      ) : site.isError ? (
        <LoadError error={site.error} />
      ) : (
        <Stack gap="sm">
          <ColorInput
            label={s.accentColor}
            placeholder={defaultAccentColor}
            format="hex"
            swatches={['#0f766e', '#1e3a8a', '#7c3aed', '#be123c', '#c2410c', '#15803d', '#111827']}
            value={accentColor}
            onChange={setAccentColor}
            error={colourProblem}
          />
          <TextInput
            label={s.logoUrl}
            description={s.logoUrlHelp}
            placeholder="https://"
            value={logoUrl}
            onChange={(event) => setLogoUrl(event.currentTarget.value.trim())}
            error={logoProblem}
          />
          <Box
            aria-label={s.preview}
            role="img"
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
              overflow: 'hidden',
            }}
          >
            <Box px="md" py="sm" style={{ background: previewColour }}>
              {logoUrl && !logoProblem ? (
                <img src={logoUrl} alt="" style={{ height: 32, display: 'block' }} />
              ) : (
                <Text fw={700} c={textColorOn(previewColour)}>
                  {site.data.name}
                </Text>
              )}
            </Box>
            <Box p="md">
              <Box
                component="span"
                px="md"
                py={8}
                style={{
                  background: previewColour,
                  color: textColorOn(previewColour),
                  borderRadius: 6,
                  fontWeight: 600,
                }}
              >
                {s.previewButton}
              </Box>
            </Box>
          </Box>
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              disabled={Boolean(colourProblem || logoProblem)}
              onClick={() =>
                save.mutate({
                  branding: { accentColor: accentColor || null, logoUrl: logoUrl || null },
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
          <BrandingCard />
          <RegistrationCard />
        </Stack>
        <BusinessHoursCard />
      </SimpleGrid>
    </>
  );
}
