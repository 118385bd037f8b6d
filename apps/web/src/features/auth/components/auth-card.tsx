import { Card, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

/** The frame of every sign-in page: a centred card with a title and a short line under it. */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center className={classes.page}>
      <Stack gap="md" className={classes.column}>
        <Card p={{ base: 'lg', xs: 'xl' }} shadow="sm" className={classes.card}>
          <Stack gap="lg">
            <Stack gap={6}>
              {icon ? <div className={classes.icon}>{icon}</div> : null}
              <Title order={1} fz={{ base: 24, xs: 28 }}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Card>
        {footer ? (
          <Text ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
