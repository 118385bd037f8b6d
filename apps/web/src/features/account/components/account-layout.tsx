import { Container, Loader, Stack, Tabs } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';

// The member area's sections (spec: ACCOUNT_INFO, BOOKINGS, ORDERS, SUBSCRIPTIONS, EVENTS).
const sections = [
  { id: 'ACCOUNT_INFO', path: '/account' },
  { id: 'BOOKINGS', path: '/account/bookings' },
  { id: 'ORDERS', path: '/account/orders' },
  { id: 'SUBSCRIPTIONS', path: '/account/subscriptions' },
  { id: 'EVENTS', path: '/account/events' },
] as const;

/** Tabs over the member's sections; visitors are sent to sign in and brought back here. */
export function AccountLayout() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  if (auth.status === 'visitor') {
    return <Navigate to={`/account/login?returnTo=${encodeURIComponent(location.pathname)}`} replace />;
  }
  if (auth.status === 'loading') {
    return (
      <Stack align="center" py={96}>
        <Loader />
      </Stack>
    );
  }
  const current = [...sections].reverse().find((section) => location.pathname.startsWith(section.path));
  return (
    <>
      <Container size="md" pt={{ base: 'md', sm: 'xl' }}>
        <Tabs
          value={current?.path ?? '/account'}
          onChange={(path) => path && navigate(path)}
          variant="pills"
          radius="xl"
          aria-label={t.account.nav.label}
        >
          <Tabs.List>
            {sections.map((section) => (
              <Tabs.Tab key={section.id} value={section.path}>
                {t.account.nav[section.id]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </Container>
      <Outlet />
    </>
  );
}
