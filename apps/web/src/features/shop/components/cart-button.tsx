import { ActionIcon, Badge } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { t } from '../strings.ts';
import { cartCount, useCart } from '../api/cart.ts';
import { cartDrawer } from '../lib/cart-drawer.ts';
import { CartDrawer } from './cart-drawer.tsx';
import classes from './commerce.module.css';

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
      <CartDrawer />
    </>
  );
}
