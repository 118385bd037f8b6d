import { ActionIcon, Badge } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { t } from '../strings.ts';
import { cartCount, useCart } from '../api/cart.ts';
import { cartDrawer, useCartDrawerOpened } from '../lib/cart-drawer.ts';
import classes from './commerce.module.css';

// The drawer (its lines, scroll area and checkout call) loads when it first opens, not with every page.
const CartDrawer = lazy(() => import('./cart-drawer.tsx').then((m) => ({ default: m.CartDrawer })));

/** The drawer once it has been opened (it stays mounted after, so closing it animates). */
function CartDrawerOnDemand() {
  const opened = useCartDrawerOpened();
  const [everOpened, setEverOpened] = useState(opened);
  if (opened && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}

/** The header's cart: an icon with how many items the cart holds, opening the cart drawer. */
export function CartButton() {
  const cart = useCart();
  const count = cartCount(cart.data);
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        pos="relative"
        aria-label={t.cart.open(count)}
        onClick={cartDrawer.open}
        data-testid="cart-button"
      >
        <IconShoppingBag size={18} aria-hidden />
        {count > 0 ? (
          <Badge size="xs" circle className={classes.cartCount} aria-hidden data-testid="cart-count">
            {count}
          </Badge>
        ) : null}
      </ActionIcon>
      <CartDrawerOnDemand />
    </>
  );
}
