import { Affix, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '../strings.ts';
import { useVisit } from '../../../lib/visit-store.ts';

/** A reminder at the bottom of the page while a multi-service visit is being planned. */
export function VisitBar() {
  const visit = useVisit();
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={150}>
      <Transition mounted={visit.length > 0} transition="slide-up">
        {(style) => (
          <Paper
            style={{ ...style, maxWidth: 560, marginInline: 'auto' }}
            shadow="lg"
            radius="lg"
            p="sm"
            withBorder
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconStack2 size={18} aria-hidden />
                <Text size="sm" fw={600}>
                  {t.visit.bar(visit.length)}
                </Text>
              </Group>
              <Button component={Link} to="/visit" size="xs">
                {t.visit.open}
              </Button>
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
