import {
  ActionIcon,
  Anchor,
  AppShell,
  Burger,
  Container,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import { IconShoppingBag } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSiteName } from '../../lib/site-name.ts';
import { t } from '../../i18n/strings.ts';
import { AccountMenu, MenuAccount } from '../../features/auth/components/account-menu.tsx';
import classes from './site-layout.module.css';

// The cart (and the commerce client behind it) loads after the page, so the first page stays light.
const CartButton = lazy(() =>
  import('../../features/shop/components/cart-button.tsx').then((m) => ({ default: m.CartButton })),
);

function CartPlaceholder() {
  return (
    <ActionIcon variant="default" size="lg" disabled aria-hidden tabIndex={-1}>
      <IconShoppingBag size={18} />
    </ActionIcon>
  );
}

const links = [
  { to: '/services', label: t.nav.services },
  { to: '/shop', label: t.nav.shop },
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
      <span aria-hidden>{scheme === 'light' ? '☾' : '☀'}</span>
    </ActionIcon>
  );
}

/** The public site: header with the business name and navigation, content, footer. Works at phone width. */
export function SiteLayout() {
  const siteName = useSiteName();
  const [opened, { toggle, close }] = useDisclosure(false);
  usePageTitle(siteName, { home: '/' });
  // Visitors who ask for less motion get the menu without its slide (and screenshots no half-slid menu).
  const reduceMotion = useReducedMotion();
  return (
    <AppShell
      transitionDuration={reduceMotion ? 0 : 200}
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { desktop: true, mobile: !opened } }}
    >
      <AppShell.Header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" className={classes.start}>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t.nav.openMenu}
              />
              <UnstyledButton component={NavLink} to="/" className={classes.brand}>
                {siteName ? (
                  <>
                    <span className={classes.logo} aria-hidden>
                      {siteName.slice(0, 1).toUpperCase()}
                    </span>
                    <Text fw={700} size="lg" truncate>
                      {siteName}
                    </Text>
                  </>
                ) : (
                  <Skeleton h={34} w={160} radius="md" aria-label={t.nav.home} />
                )}
              </UnstyledButton>
            </Group>
            <Group gap="xs" visibleFrom="sm">
              {links.map((link) => (
                <Anchor key={link.to} component={NavLink} to={link.to} className={classes.link}>
                  {link.label}
                </Anchor>
              ))}
            </Group>
            <Group gap="sm" wrap="nowrap" className={classes.actions}>
              <Suspense fallback={<CartPlaceholder />}>
                <CartButton />
              </Suspense>
              {/* On a phone, sign-in, the account and the theme are in the menu. */}
              <Group gap="sm" wrap="nowrap" visibleFrom="sm">
                <AccountMenu />
                <ThemeToggle />
              </Group>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label={t.nav.menu}>
        {/* Only while open: a closed menu's links are no tab stops and no second "Sign in" on a wide screen. */}
        {opened && (
          <Stack gap="xs">
            {links.map((link) => (
              <Anchor key={link.to} component={NavLink} to={link.to} onClick={close} className={classes.link}>
                {link.label}
              </Anchor>
            ))}
            <Divider my="xs" />
            <MenuAccount onNavigate={close} />
            <Group justify="space-between" mt="xs">
              <Text size="sm" c="dimmed">
                {t.nav.theme}
              </Text>
              <ThemeToggle />
            </Group>
          </Stack>
        )}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <Outlet />
        <footer className={classes.footer}>
          <Container size="lg">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                © {new Date().getFullYear()} {siteName}. {t.footer.rights}
              </Text>
              <Text size="sm" c="dimmed">
                {t.brand.poweredBy}
              </Text>
            </Group>
          </Container>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
