import { Avatar, Button, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogin2, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { memberName, useAuth } from '../../../lib/auth-context.tsx';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { authPaths } from '../navigation.ts';

/** Sign in, coming back to this page afterwards (not to a sign-in page the visitor is already on). */
function SignInButton(props: { onClick?: () => void; fullWidth?: boolean }) {
  const auth = useAuth();
  const location = useLocation();
  const onAuthPage = location.pathname.startsWith('/account');
  const returnTo = onAuthPage ? '' : `?returnTo=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <Button
      component={Link}
      to={`${authPaths.signIn}${returnTo}`}
      variant="light"
      leftSection={<IconLogin2 size={16} aria-hidden />}
      loading={auth.status === 'loading'}
      {...props}
    >
      {shell.nav.signIn}
    </Button>
  );
}

/** The header's account corner: a sign-in button for visitors, a menu with the member's name for members. */
export function AccountMenu() {
  const auth = useAuth();
  const navigate = useNavigate();

  if (auth.status !== 'member') return <SignInButton />;

  const name = memberName(auth.member) || shell.nav.account;
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="account-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar size={34} radius="xl" color="brand" variant="filled" aria-hidden>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text fw={600} size="sm" maw={140} truncate visibleFrom="sm">
              {name}
            </Text>
            {/* The name is the button's text; this says what it opens (no aria-label to disagree with it). */}
            <VisuallyHidden>{t.auth.menu.label}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{auth.member?.loginEmail}</Menu.Label>
        <Menu.Item
          component={Link}
          to={authPaths.account}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          {t.auth.menu.account}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={async () => {
            await auth.signOut();
            navigate('/');
          }}
        >
          {t.auth.menu.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The account part of the phone menu: sign in for visitors; the member's name, account and sign out. */
export function MenuAccount({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status !== 'member') return <SignInButton onClick={onNavigate} fullWidth />;
  const name = memberName(auth.member) || shell.nav.account;
  return (
    <Stack gap="xs">
      <Group gap={8} wrap="nowrap">
        <Avatar size={34} radius="xl" color="brand" variant="filled">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {auth.member?.loginEmail}
          </Text>
        </Stack>
      </Group>
      <Button
        component={Link}
        to={authPaths.account}
        variant="default"
        leftSection={<IconUserCircle size={16} aria-hidden />}
        onClick={onNavigate}
        fullWidth
      >
        {t.auth.menu.account}
      </Button>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={async () => {
          onNavigate();
          await auth.signOut();
          navigate('/');
        }}
        fullWidth
      >
        {t.auth.menu.signOut}
      </Button>
    </Stack>
  );
}
