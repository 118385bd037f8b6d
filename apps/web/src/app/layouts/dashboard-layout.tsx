import {
  ActionIcon,
  AppShell,
  Avatar,
  Badge,
  Burger,
  Center,
  Group,
  Loader,
  Menu,
  NavLink as MantineNavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBox,
  IconCalendarEvent,
  IconCategory,
  IconChevronDown,
  IconClipboardList,
  IconDatabase,
  IconHome,
  IconKey,
  IconWebhook,
  IconMail,
  IconLogout,
  IconMoon,
  IconReceipt,
  IconScale,
  IconSettings,
  IconShoppingBag,
  IconSparkles,
  IconSun,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { t } from '../../i18n/strings.ts';
import { t as dashboard } from '../../features/dashboard/shared/strings.ts';
import {
  type DashboardSession,
  SessionProvider,
  useSession,
} from '../../features/dashboard/shared/session.tsx';
import { useSessionQuery } from '../../features/dashboard/shared/api/session.ts';
import { SiteSwitcher } from '../../features/dashboard/site-switcher/site-switcher.tsx';
import { useCurrentSiteName } from '../../features/dashboard/site-switcher/api/my-sites.ts';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Who sees the entry; the server refuses the calls anyway. */
  visible?: (session: DashboardSession) => boolean;
}

const s = dashboard.nav;
const items: NavItem[] = [
  { to: '/dashboard', label: s.home, icon: IconHome },
  { to: '/dashboard/calendar', label: s.calendar, icon: IconCalendarEvent },
  { to: '/dashboard/bookings', label: s.bookings, icon: IconClipboardList },
  { to: '/dashboard/services', label: s.services, icon: IconSparkles },
  { to: '/dashboard/staff', label: s.staff, icon: IconUsers },
  { to: '/dashboard/resources', label: s.resources, icon: IconBox },
  { to: '/dashboard/categories', label: s.categories, icon: IconCategory },
  { to: '/dashboard/store', label: s.store, icon: IconShoppingBag, visible: (x) => x.canManage },
  { to: '/dashboard/orders', label: s.orders, icon: IconReceipt },
  { to: '/dashboard/policies', label: s.policies, icon: IconScale, visible: (x) => x.canManage },
  { to: '/dashboard/settings', label: s.settings, icon: IconSettings, visible: (x) => x.canManage },
  { to: '/dashboard/team', label: s.team, icon: IconUsersGroup, visible: (x) => x.canManage },
  { to: '/dashboard/api-keys', label: s.apiKeys, icon: IconKey, visible: (x) => x.isOwner },
  { to: '/dashboard/webhooks', label: s.webhooks, icon: IconWebhook, visible: (x) => x.isOwner },
  { to: '/dashboard/mail', label: s.mail, icon: IconMail, visible: (x) => x.isOwner },
  { to: '/dashboard/collections', label: s.collections, icon: IconDatabase, visible: (x) => x.canManage },
];

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t.nav.toggleTheme}
      onClick={() => setColorScheme(scheme === 'light' ? 'dark' : 'light')}
    >
      {scheme === 'light' ? <IconMoon size={18} /> : <IconSun size={18} />}
    </ActionIcon>
  );
}

function UserMenu() {
  const session = useSession();
  const profile = session.identity.identityProfile;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ') || session.identity.email;
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="brand" radius="xl" size="sm" aria-hidden>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={0} visibleFrom="sm">
              <Text size="sm" fw={600} lh={1.2}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {dashboard.roles[session.role]}
              </Text>
            </Stack>
            {/* The name is the button's text; this says what it opens (no aria-label to disagree with it). */}
            <VisuallyHidden>{s.userMenu}</VisuallyHidden>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href="/">
          {s.viewSite}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void session.signOut()}>
          {s.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Shell() {
  const session = useSession();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  usePageTitle(useCurrentSiteName(), { home: '/dashboard', area: s.badge });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
      styles={{ main: { background: 'var(--mantine-color-body)' } }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t.nav.openMenu} />
            <Avatar color="brand" variant="filled" radius="md" size="md">
              A
            </Avatar>
            <Text fw={700} size="lg">
              Atrium
            </Text>
            <Badge variant="light" color="gray" visibleFrom="sm">
              {s.badge}
            </Badge>
            <SiteSwitcher />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={s.label}>
        <ScrollArea>
          <Stack gap={2}>
            {items
              .filter((item) => item.visible?.(session) ?? true)
              .map((item) => {
                const active =
                  item.to === '/dashboard'
                    ? location.pathname === '/dashboard' || location.pathname === '/dashboard/'
                    : location.pathname.startsWith(item.to);
                return (
                  <MantineNavLink
                    key={item.to}
                    component={NavLink}
                    to={item.to}
                    end={item.to === '/dashboard'}
                    label={item.label}
                    active={active}
                    leftSection={<item.icon size={18} stroke={1.6} />}
                    onClick={close}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                );
              })}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** The owner and staff area: checks the dashboard session, then shows the navigation and the page. */
export function DashboardLayout() {
  const location = useLocation();
  const session = useSessionQuery();
  // Without a session known, wait for the check a visit starts (the owner may have just signed in).
  if (session.isPending || (!session.data && session.isFetching)) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (!session.data) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/dashboard/sign-in?returnTo=${returnTo}`} replace />;
  }
  return (
    <SessionProvider identity={session.data}>
      <Shell />
    </SessionProvider>
  );
}
