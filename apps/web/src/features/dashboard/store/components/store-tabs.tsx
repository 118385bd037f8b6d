import { Tabs } from '@mantine/core';
import { IconBuildingStore, IconCategory2, IconPackages, IconTags } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { t } from '../strings.ts';

const sections = [
  { value: '/dashboard/store', label: t.tabs.products, icon: IconBuildingStore },
  { value: '/dashboard/store/collections', label: t.tabs.collections, icon: IconCategory2 },
  { value: '/dashboard/store/inventory', label: t.tabs.inventory, icon: IconPackages },
  { value: '/dashboard/store/labels', label: t.tabs.labels, icon: IconTags },
] as const;

/** The store's sections, one route each, above every store page. */
export function StoreTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const current =
    [...sections].reverse().find((section) => location.pathname.startsWith(section.value))?.value ??
    sections[0].value;
  return (
    <Tabs value={current} onChange={(value) => value && navigate(value)} mb="lg">
      <Tabs.List aria-label={t.tabs.label}>
        {sections.map((section) => (
          <Tabs.Tab key={section.value} value={section.value} leftSection={<section.icon size={16} />}>
            {section.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
