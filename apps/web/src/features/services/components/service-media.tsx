import { Box } from '@mantine/core';
import { IconCalendarEvent, IconSchool, IconUsersGroup } from '@tabler/icons-react';
import type { SiteService } from '../../../lib/site-services.ts';
import { gradientFor, imageUrlOf } from '../lib/format.ts';
import classes from './services.module.css';

const icons = { APPOINTMENT: IconCalendarEvent, CLASS: IconUsersGroup, COURSE: IconSchool } as const;

/** The service's photo, or a calm gradient with the type's icon when it has none. */
export function ServiceMedia({ service, height }: { service: SiteService; height: number }) {
  const url = imageUrlOf(service);
  if (url) {
    return (
      <Box className={classes.media} h={height}>
        <img src={url} alt="" loading="lazy" className={classes.mediaImage} />
      </Box>
    );
  }
  const Icon = icons[service.type];
  return (
    <Box className={classes.media} h={height} style={{ background: gradientFor(service.id) }} aria-hidden>
      <Icon size={Math.min(72, height / 2.5)} stroke={1.3} className={classes.mediaIcon} />
    </Box>
  );
}
