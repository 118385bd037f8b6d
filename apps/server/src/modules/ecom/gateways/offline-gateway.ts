import { createHash } from 'node:crypto';
import { gatewayOutcomeCodes, type PaymentGateway } from './payment-gateway.ts';

/**
 * Offline (manual) payment: cash on delivery, pay in person, bank transfer. No money moves through
 * Atrium: a charge places the order unpaid (PENDING) and the business marks it paid when the money
 * arrives; a refund is money handed back by hand, so it always succeeds. Nothing is stored: ids are
 * derived from the idempotency key, so the same key answers the same id.
 */
export function createOfflineGateway(): PaymentGateway {
  const notSupported = (what: string) => ({
    ok: false as const,
    code: gatewayOutcomeCodes.notSupported,
    message: `Offline payments cannot be ${what}: there is no authorization to ${what === 'captured' ? 'capture' : 'void'}`,
  });
  return {
    id: 'offline',
    async charge(request) {
      return { status: 'PENDING', chargeId: `offline_${derivedId(request.siteId, request.idempotencyKey)}` };
    },
    async capture() {
      return notSupported('captured');
    },
    async void() {
      return notSupported('voided');
    },
    async refund(request) {
      return { ok: true, refundId: `manual_${derivedId(request.siteId, request.idempotencyKey)}` };
    },
  };
}

/** 24 hex characters of SHA-256 over (site, key): random-looking, and the same for the same key. */
function derivedId(siteId: string, idempotencyKey: string): string {
  return createHash('sha256').update(`${siteId}\u0000${idempotencyKey}`).digest('hex').slice(0, 24);
}
