import type { testGatewayTokenRequestSchema } from '@atrium/contract/ecom/payments';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import { send } from '../bookings/shared.ts';

/** A card as the buyer types it: digits only, expiry `MM/YY`, CVC. */
export type TestCard = z.input<typeof testGatewayTokenRequestSchema>;

/**
 * Card numbers of the built-in test gateway and what a charge with each does; every other number that
 * passes the Luhn check is approved.
 */
export const testCards = {
  approved: '4242424242424242',
  approvedMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
} as const;

/** The built-in test gateway: cards become one-time payment tokens for `createOrderAndCharge`. */
export const testGatewayCalls = {
  /**
   * `POST /ecom/v1/test-gateway/tokens`: a one-time payment token for this card. A number that is not a
   * card is a 400 here; whether the card is approved or declined shows at the charge.
   * @example const { paymentToken } = await client.ecom.createTestGatewayToken({ cardNumber: testCards.approved, expiry: '12/30', cvc: '123' })
   */
  createTestGatewayToken:
    (context) =>
    (card: TestCard): Promise<{ paymentToken: string }> =>
      send<{ paymentToken: string }>(context, 'POST', '/ecom/v1/test-gateway/tokens', card),
} satisfies ModuleDefinition;
