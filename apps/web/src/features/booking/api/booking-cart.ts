import { catalogAppIds, ecom } from '@atrium/sdk/modules/ecom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKey, markCartStarted } from '../../../lib/cart-key.ts';
// The app's one SDK client binds itself as the ambient context when imported (enableContext), so the
// commerce calls below use the visitor's or member's tokens: the cart is theirs.
import '../../../lib/atrium-client.ts';

/**
 * Pays a booking online: the booking, made waiting for its payment, goes into the visitor's or member's
 * cart (commerce's catalog item for bookings is the booking itself), and a checkout of the whole cart is
 * opened, so products and bookings are paid in one order. Paying the order confirms the booking.
 * @returns the checkout's id, for `/checkout/:checkoutId`
 */
export function usePayBookingOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookingId, email }: { bookingId: string; email?: string }) => {
      await ecom.addToCurrentCart({
        lineItems: [
          { quantity: 1, catalogReference: { appId: catalogAppIds.bookings, catalogItemId: bookingId } },
        ],
      });
      markCartStarted(true);
      const { checkoutId } = await ecom.createCheckoutFromCurrentCart({
        channelType: 'WEB',
        ...(email ? { email } : {}),
      });
      return checkoutId;
    },
    // The header's cart count shows the booking whether or not the checkout could be opened.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}
