import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { getCountryForTimezone } from 'countries-and-timezones';
import { useMemo } from 'react';
import { t } from './strings.ts';

const s = t.settings;

const ianaZones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo'];
  }
})();

/** "UTC+01:00" now in `zone` (offsets change with summer time; the label says the current one). */
function offsetOf(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((candidate) => candidate.type === 'timeZoneName')?.value;
    return part === 'GMT' ? 'UTC' : (part ?? '').replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

/** Lower case, no accents, no punctuation: "São_Paulo" and "sao paulo" meet. */
const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_/(),·-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface ZoneOption extends ComboboxItem {
  /** Everything a person may type to find it: city, country, region, IANA id. */
  terms: string;
}

function zoneOption(zone: string): ZoneOption {
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  const country = getCountryForTimezone(zone)?.name;
  const offset = offsetOf(zone);
  const label = `${city}${country ? ` (${country})` : ''}${offset ? ` · ${offset}` : ''}`;
  return { value: zone, label, terms: normalise(`${label} ${zone}`) };
}

/** Every word typed must appear in the zone's city, country or IANA name. */
const byCityOrCountry: OptionsFilter = ({ options, search }) => {
  const words = normalise(search).split(' ').filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const terms = (option as ZoneOption).terms ?? normalise(String((option as ComboboxItem).label));
    return words.every((word) => terms.includes(word));
  });
};

/** The site's time zone, found by city or country ("New York", "Germany") as well as by IANA name. */
export function TimeZoneSelect(props: { value: string | null; onChange: (zone: string | null) => void }) {
  const data = useMemo(
    () => Array.from(new Set([...(props.value ? [props.value] : []), ...ianaZones])).map(zoneOption),
    [props.value],
  );
  return (
    <Select
      label={s.timeZone}
      description={s.timeZoneHelp}
      data={data}
      searchable
      filter={byCityOrCountry}
      limit={50}
      nothingFoundMessage={s.noTimeZone}
      value={props.value}
      onChange={props.onChange}
      allowDeselect={false}
    />
  );
}
