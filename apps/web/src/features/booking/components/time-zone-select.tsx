import { Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { t } from '../strings.ts';
import { timeZoneNames } from '../lib/time.ts';

export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (timeZone: string) => void }) {
  const data = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(value) ? names : [value, ...names];
  }, [value]);
  return (
    <Select
      label={t.booking.timeZone}
      description={t.booking.timeZoneHint}
      data={data}
      value={value}
      onChange={(next) => next && onChange(next)}
      searchable
      allowDeselect={false}
      leftSection={<IconWorld size={16} aria-hidden />}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      data-testid="time-zone-select"
      maw={360}
    />
  );
}
