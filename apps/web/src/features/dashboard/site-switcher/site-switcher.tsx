import { Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMySites } from './api/my-sites.ts';
import { t } from './strings.ts';

const s = t.siteSwitcher;

/**
 * The current site's name; with more than one site, a menu of the others. Each site is its own address
 * and its own sign-in (sessions belong to one site), so choosing one opens its dashboard there.
 */
export function SiteSwitcher() {
  const sites = useMySites();
  const list = sites.data ?? [];
  const current = list.find((site) => site.current);
  if (!current) return null;
  if (list.length < 2)
    return (
      <Text fw={600} size="sm" visibleFrom="sm" data-testid="current-site">
        {current.name}
      </Text>
    );
  return (
    <Menu position="bottom-start" width={260}>
      <Menu.Target>
        <UnstyledButton>
          <Group gap={4} wrap="nowrap">
            <Text fw={600} size="sm" data-testid="current-site">
              {current.name}
            </Text>
            {/* The site's name is the button's text; this says what it does (no aria-label to disagree). */}
            <VisuallyHidden>{s.label}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{s.yourSites}</Menu.Label>
        {list.map((site) =>
          site.current ? (
            <Menu.Item key={site.id} disabled rightSection={<Badge size="xs">{s.current}</Badge>}>
              {site.name}
            </Menu.Item>
          ) : (
            <Menu.Item key={site.id} component="a" href={`${site.address}/dashboard`}>
              {site.name}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
