import { Box } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './shop.module.css';

/** A product's square photo, or a quiet placeholder when it has none; `children` overlay it (badges). */
export function ProductPhoto({
  url,
  alt,
  eager,
  children,
}: {
  url: string | undefined;
  alt: string;
  eager?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box className={classes.photo}>
      {url ? (
        <img src={url} alt={alt} loading={eager ? 'eager' : 'lazy'} className={classes.photoImage} />
      ) : (
        <IconShoppingBag size={56} stroke={1.2} className={classes.photoIcon} aria-hidden />
      )}
      {children}
    </Box>
  );
}
