/**
 * The one interface commerce charges through. Two implementations: the offline gateway (pay in person,
 * marked paid by hand) and the built-in test gateway that behaves like a card processor. See README.md.
 */

export interface GatewayCard {
  brand: string;
  lastFourDigits: string;
}

export interface GatewayChargeRequest {
  siteId: string;
  /** The same key answers the same charge however often it is sent (a retry after a timeout). */
  idempotencyKey: string;
  /** Decimal string, already rounded to the currency. */
  amount: string;
  currency: string;
  /** Test gateway: from `tokenize()`; offline: ignored. */
  paymentToken?: string;
  /** Authorize only; capture later. */
  delayCapture: boolean;
  /** The merchant's reference echoed in webhooks: the checkout id. */
  reference: string;
}

export type GatewayChargeResult =
  | { status: 'APPROVED' | 'AUTHORIZED'; chargeId: string; card?: GatewayCard }
  /** Settles later: by webhook (test gateway), or when the business marks it paid (offline). */
  | { status: 'PENDING'; chargeId: string; card?: GatewayCard }
  | { status: 'DECLINED'; chargeId: string; declineCode: string; message: string; card?: GatewayCard };

export type GatewayOutcome = { ok: true } | { ok: false; code: string; message: string };

export type GatewayRefundOutcome =
  { ok: true; refundId: string } | { ok: false; code: string; message: string };

export interface PaymentGateway {
  readonly id: 'test' | 'offline';
  charge(request: GatewayChargeRequest): Promise<GatewayChargeResult>;
  capture(request: { siteId: string; chargeId: string; amount: string }): Promise<GatewayOutcome>;
  void(request: { siteId: string; chargeId: string }): Promise<GatewayOutcome>;
  refund(request: {
    siteId: string;
    chargeId: string;
    amount: string;
    idempotencyKey: string;
  }): Promise<GatewayRefundOutcome>;
}

/** What a settled asynchronous charge tells the merchant (the webhook's verified body). */
export interface GatewayWebhookEvent {
  type: 'charge.succeeded' | 'charge.failed';
  siteId: string;
  chargeId: string;
  reference: string;
  amount: string;
  currency: string;
  declineCode?: string;
}

/** A webhook as the processor sends it: the raw JSON body and its `x-atrium-signature` header value. */
export interface SignedWebhook {
  body: string;
  signature: string;
}

/** The codes a refused capture, void or refund answers (`GatewayOutcome.code`); clients branch on them. */
export const gatewayOutcomeCodes = {
  chargeNotFound: 'CHARGE_NOT_FOUND',
  invalidAmount: 'INVALID_AMOUNT',
  notAuthorized: 'NOT_AUTHORIZED',
  alreadyCaptured: 'ALREADY_CAPTURED',
  captureExceedsAuthorized: 'CAPTURE_EXCEEDS_AUTHORIZED',
  notCaptured: 'NOT_CAPTURED',
  refundExceedsCaptured: 'REFUND_EXCEEDS_CAPTURED',
  notSupported: 'NOT_SUPPORTED',
} as const;
