import { randomBytes } from 'node:crypto';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { Database } from '../../../platform/db/database.ts';
import { invalidField, notFound } from '../../../platform/errors/app-error.ts';
import {
  compare,
  isPositive,
  money,
  roundToCurrency,
  subtract,
  toDecimalString,
} from '../../../platform/money/money.ts';
import type { SecretSealer } from '../../../platform/secrets/sealing.ts';
import { loadOrCreateSecret } from '../../../platform/secrets/secrets.ts';
import {
  gatewayOutcomeCodes as codes,
  type GatewayCard,
  type GatewayChargeRequest,
  type GatewayChargeResult,
  type GatewayOutcome,
  type GatewayRefundOutcome,
  type GatewayWebhookEvent,
  type PaymentGateway,
  type SignedWebhook,
} from './payment-gateway.ts';
import {
  cardBehaviour,
  cardBrand,
  declineMessages,
  isImmediateDecline,
  isPending,
  passesLuhn,
  type CardBehaviour,
} from './test-cards.ts';
import {
  readToken,
  signToken,
  signWebhook,
  tokenLifetimeSeconds,
  verifyWebhookSignature,
  type TokenClaims,
} from './test-gateway-signing.ts';
import { testGatewayErrors } from './test-gateway.errors.ts';
import {
  createTestGatewayRepository,
  type TestCharge,
  type TestChargeDoc,
  type TestChargeStatus,
} from './test-gateway.repository.ts';

/** The bus job that settles a PENDING charge and delivers its webhook, a moment after the charge. */
export const deliverWebhookJob = 'ecom.test-gateway.deliver-webhook';
/** Secret names in the platform's secret store. */
const tokenSecretName = 'ecom-test-gateway';
const webhookSecretName = 'ecom-test-gateway-webhook';

export interface TestCardInput {
  cardNumber: string;
  /** MM/YY; a card past its expiry declines `expired_card`. */
  expiry?: string | null;
  /** Accepted and never checked or stored, as a processor's test mode does. */
  cvc?: string | null;
}

/** The built-in card processor: the gateway interface, plus what a processor does on its own side. */
export interface TestGateway extends PaymentGateway {
  readonly id: 'test';
  /** A payment token for the card (what the processor's card form hands the buyer's browser). */
  tokenize(siteId: string, card: TestCardInput): string;
  /**
   * Settles a PENDING charge as its card decides and answers the webhook the processor sends about it.
   * Idempotent: a settled charge stays as it is and answers the same event again (freshly signed), so a
   * delivery that failed can be repeated.
   */
  settle(siteId: string, chargeId: string): Promise<SignedWebhook>;
  /** The event of a webhook this gateway signed at most five minutes from `now`; throws a 401 otherwise. */
  verifyWebhook(body: string, signatureHeader: string, now: Date): GatewayWebhookEvent;
}

export interface TestGatewayDeps {
  database: Database;
  sealer: SecretSealer;
  /** The app's bus: the gateway defines its delivery job, so build it while the app is being built. */
  events: Pick<EventBus, 'defineJob' | 'schedule'>;
  /** Hands a settled charge's webhook to the merchant (the ecom module runs its webhook route's code). */
  deliver: (webhook: SignedWebhook) => Promise<void>;
  /** How long after a PENDING answer its webhook is sent; 2 s by default. */
  webhookDelayMs?: number;
  /** The delivery job's name; a second gateway on one bus (a test beside the app's own) needs another. */
  jobName?: string;
  now?: () => Date;
}

const random = () => randomBytes(12).toString('hex');

/** Why `amount` cannot be charged in `currency`, or undefined when it can. */
function amountProblem(amount: string, currency: string): string | undefined {
  if (!/^\d{1,15}(\.\d{1,3})?$/.test(amount)) return 'is not a decimal string such as "10.50"';
  let value;
  try {
    value = money(amount, currency);
  } catch {
    return 'is not in an ISO 4217 currency';
  }
  if (!isPositive(value)) return 'must be more than zero';
  if (!roundToCurrency(value).amount.equals(value.amount)) {
    return `has more decimal places than ${currency} allows`;
  }
  return undefined;
}

const refused = (code: string, message: string) => ({ ok: false as const, code, message });
const sameAmount = (a: string, b: string, currency: string) =>
  compare(money(a, currency), money(b, currency)) === 0;
const display = (amount: string, currency: string) =>
  `${toDecimalString(money(amount, currency))} ${currency}`;

/** The status a charge answers at once, before any settlement. */
function firstStatus(behaviour: CardBehaviour | undefined, delayCapture: boolean): TestChargeStatus {
  if (!behaviour || isImmediateDecline(behaviour)) return 'DECLINED';
  if (isPending(behaviour)) return 'PENDING';
  return delayCapture ? 'AUTHORIZED' : 'APPROVED';
}

function chargeDoc(request: GatewayChargeRequest, claims: TokenClaims | undefined): TestChargeDoc {
  const doc: TestChargeDoc = { reference: request.reference, delayCapture: request.delayCapture };
  if (!claims) return { ...doc, declineCode: 'invalid_token', declineMessage: declineMessages.invalid_token };
  const card = { brand: claims.brand, lastFourDigits: claims.last4, behaviour: claims.behaviour };
  if (!isImmediateDecline(claims.behaviour)) return { ...doc, ...card };
  return {
    ...doc,
    ...card,
    declineCode: claims.behaviour,
    declineMessage: declineMessages[claims.behaviour],
  };
}

/**
 * What a charge answers, now or when its idempotency key comes again. A captured charge answers APPROVED
 * (its money was taken); a voided one DECLINED `voided` (no money will be).
 */
function chargeResult(charge: TestCharge): GatewayChargeResult {
  const card: GatewayCard | undefined =
    charge.doc.brand && charge.doc.lastFourDigits
      ? { brand: charge.doc.brand, lastFourDigits: charge.doc.lastFourDigits }
      : undefined;
  const base = { chargeId: charge.id, ...(card ? { card } : {}) };
  switch (charge.status) {
    case 'PENDING':
      return { status: 'PENDING', ...base };
    case 'AUTHORIZED':
      return { status: 'AUTHORIZED', ...base };
    case 'APPROVED':
    case 'CAPTURED':
      return { status: 'APPROVED', ...base };
    case 'VOIDED':
      return {
        status: 'DECLINED',
        ...base,
        declineCode: 'voided',
        message: `Charge ${charge.id} was voided`,
      };
    case 'DECLINED':
      return {
        status: 'DECLINED',
        ...base,
        declineCode: charge.doc.declineCode ?? 'card_declined',
        message: charge.doc.declineMessage ?? declineMessages.card_declined!,
      };
  }
}

/** How a PENDING charge ends, from the behaviour of the card it was made with. */
function settlement(charge: TestCharge, settledAt: Date) {
  if (charge.doc.behaviour === 'pending_fail') {
    return {
      status: 'DECLINED' as const,
      captureAll: false,
      doc: {
        declineCode: 'card_declined',
        declineMessage: declineMessages.card_declined,
        settledAt: settledAt.toISOString(),
      },
    };
  }
  const status = charge.doc.delayCapture ? ('AUTHORIZED' as const) : ('APPROVED' as const);
  return { status, captureAll: status === 'APPROVED', doc: { settledAt: settledAt.toISOString() } };
}

function webhookEvent(charge: TestCharge): GatewayWebhookEvent {
  return {
    type: charge.doc.declineCode ? 'charge.failed' : 'charge.succeeded',
    siteId: charge.siteId,
    chargeId: charge.id,
    reference: charge.doc.reference,
    amount: toDecimalString(money(charge.amount, charge.currency)),
    currency: charge.currency,
    ...(charge.doc.declineCode ? { declineCode: charge.doc.declineCode } : {}),
  };
}

/** Thrown inside a refund's transaction to roll its refund row back when the charge refuses it. */
class RefundRefused extends Error {}

/**
 * The built-in test gateway: a card processor whose book is the `ecom_test_gateway_*` tables. Loads its
 * two secrets (token and webhook signing) and defines its delivery job; call it while the app is built.
 */
export async function createTestGateway(deps: TestGatewayDeps): Promise<TestGateway> {
  const { database, events } = deps;
  const now = deps.now ?? (() => new Date());
  const webhookDelayMs = deps.webhookDelayMs ?? 2000;
  const jobName = deps.jobName ?? deliverWebhookJob;
  const repository = createTestGatewayRepository(database.db);
  const tokenSecret = await loadOrCreateSecret(database, tokenSecretName, deps.sealer);
  const webhookSecret = await loadOrCreateSecret(database, webhookSecretName, deps.sealer);

  function tokenize(siteId: string, card: TestCardInput): string {
    const digits = card.cardNumber;
    if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
      throw testGatewayErrors.invalidCardNumber(digits.slice(-4));
    if (card.expiry && !/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.expiry))
      throw invalidField('expiry', 'must be MM/YY');
    return signToken(tokenSecret, {
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      behaviour: cardBehaviour(digits, card.expiry ?? undefined, now()),
      siteId,
      exp: Math.floor(now().getTime() / 1000) + tokenLifetimeSeconds,
    });
  }

  async function charge(request: GatewayChargeRequest): Promise<GatewayChargeResult> {
    const problem = amountProblem(request.amount, request.currency);
    if (problem) throw testGatewayErrors.invalidAmount(request.amount, request.currency, problem);
    const token = request.paymentToken ? readToken(tokenSecret, request.paymentToken, now()) : undefined;
    // A token of another site is as good as none: a site cannot charge a card typed on another.
    const claims = token?.siteId === request.siteId ? token : undefined;
    const fresh = {
      id: `ch_${random()}`,
      siteId: request.siteId,
      idempotencyKey: request.idempotencyKey,
      status: firstStatus(claims?.behaviour, request.delayCapture),
      amount: request.amount,
      currency: request.currency,
      doc: chargeDoc(request, claims),
    };
    const capturedNow = fresh.status === 'APPROVED' ? request.amount : '0';
    // Insert-or-nothing, else read back: concurrent calls with one key wait on the unique index for the
    // first, then the others read its row, so a key charges once. A pending charge's webhook job commits
    // with it.
    const stored =
      fresh.status === 'PENDING'
        ? await database.transaction(async (tx) => {
            const inserted = await repository.insertChargeIfNew({ ...fresh, captured: capturedNow }, tx);
            if (inserted) await scheduleWebhook(tx, request.siteId, fresh.id);
            return (
              inserted ?? (await repository.findChargeByKey(request.siteId, request.idempotencyKey, tx))!
            );
          })
        : ((await repository.insertChargeIfNew({ ...fresh, captured: capturedNow })) ??
          (await repository.findChargeByKey(request.siteId, request.idempotencyKey))!);
    if (
      stored.currency !== request.currency ||
      !sameAmount(stored.amount, request.amount, request.currency)
    ) {
      throw testGatewayErrors.idempotencyKeyReused(request.idempotencyKey, `charge ${stored.id}`);
    }
    return chargeResult(stored);
  }

  async function scheduleWebhook(tx: Parameters<EventBus['schedule']>[0], siteId: string, chargeId: string) {
    await events.schedule(tx, {
      name: jobName,
      siteId,
      data: { chargeId },
      runAt: new Date(now().getTime() + webhookDelayMs),
      singletonKey: `${jobName}:${chargeId}`,
    });
  }

  async function capture(request: {
    siteId: string;
    chargeId: string;
    amount: string;
  }): Promise<GatewayOutcome> {
    const { siteId, chargeId, amount } = request;
    const found = await repository.findCharge(siteId, chargeId);
    if (!found) return refused(codes.chargeNotFound, `Charge ${chargeId} not found`);
    const problem = amountProblem(amount, found.currency);
    if (problem) return refused(codes.invalidAmount, `Amount ${amount} ${found.currency} ${problem}`);
    if (await repository.capture(siteId, chargeId, amount)) return { ok: true };
    const current = (await repository.findCharge(siteId, chargeId))!;
    if (current.status === 'CAPTURED') {
      // The same capture sent again (a retry) succeeds; another amount cannot be captured a second time.
      if (sameAmount(current.captured, amount, current.currency)) return { ok: true };
      return refused(
        codes.alreadyCaptured,
        `Charge ${chargeId} was already captured (${display(current.captured, current.currency)})`,
      );
    }
    if (current.status !== 'AUTHORIZED') {
      return refused(
        codes.notAuthorized,
        `Charge ${chargeId} is ${current.status}: only an authorized charge can be captured`,
      );
    }
    return refused(
      codes.captureExceedsAuthorized,
      `Cannot capture ${display(amount, current.currency)} of charge ${chargeId}: ${display(current.amount, current.currency)} was authorized`,
    );
  }

  async function voidCharge(request: { siteId: string; chargeId: string }): Promise<GatewayOutcome> {
    const { siteId, chargeId } = request;
    if (await repository.void(siteId, chargeId)) return { ok: true };
    const current = await repository.findCharge(siteId, chargeId);
    if (!current) return refused(codes.chargeNotFound, `Charge ${chargeId} not found`);
    if (current.status === 'VOIDED') return { ok: true };
    return refused(
      codes.notAuthorized,
      `Charge ${chargeId} is ${current.status}: only an authorized charge can be voided`,
    );
  }

  async function refund(request: {
    siteId: string;
    chargeId: string;
    amount: string;
    idempotencyKey: string;
  }): Promise<GatewayRefundOutcome> {
    const { siteId, chargeId, amount, idempotencyKey } = request;
    const found = await repository.findCharge(siteId, chargeId);
    if (!found) return refused(codes.chargeNotFound, `Charge ${chargeId} not found`);
    const problem = amountProblem(amount, found.currency);
    if (problem) return refused(codes.invalidAmount, `Amount ${amount} ${found.currency} ${problem}`);
    const id = `re_${random()}`;
    let answer: { refundId: string; chargeId: string; amount: string };
    try {
      answer = await database.transaction(async (tx) => {
        const row = { id, siteId, chargeId, idempotencyKey, amount, status: 'SUCCEEDED' };
        if (!(await repository.insertRefundIfNew(row, tx))) {
          const existing = (await repository.findRefundByKey(siteId, idempotencyKey, tx))!;
          return { refundId: existing.id, chargeId: existing.chargeId, amount: existing.amount };
        }
        if (!(await repository.addRefunded(siteId, chargeId, amount, tx))) throw new RefundRefused();
        return { refundId: id, chargeId, amount };
      });
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw error;
      return refundRefusal(siteId, chargeId, amount);
    }
    if (answer.chargeId !== chargeId || !sameAmount(answer.amount, amount, found.currency)) {
      throw testGatewayErrors.idempotencyKeyReused(idempotencyKey, `refund ${answer.refundId}`);
    }
    return { ok: true, refundId: answer.refundId };
  }

  async function refundRefusal(siteId: string, chargeId: string, amount: string) {
    const current = (await repository.findCharge(siteId, chargeId))!;
    const { currency } = current;
    if (compare(money(current.captured, currency), money('0', currency)) === 0) {
      return refused(
        codes.notCaptured,
        `Charge ${chargeId} is ${current.status}: nothing was captured to refund`,
      );
    }
    const left = toDecimalString(
      subtract(money(current.captured, currency), money(current.refunded, currency)),
    );
    return refused(
      codes.refundExceedsCaptured,
      `Cannot refund ${display(amount, currency)} of charge ${chargeId}: ${display(current.captured, currency)} was captured and ${display(current.refunded, currency)} refunded, so at most ${left} ${currency} is left`,
    );
  }

  async function settle(siteId: string, chargeId: string): Promise<SignedWebhook> {
    let current = await repository.findCharge(siteId, chargeId);
    if (!current) throw notFound('Test gateway charge', chargeId);
    if (current.status === 'PENDING') {
      const settled = await repository.settle(siteId, chargeId, settlement(current, now()));
      current = settled ?? (await repository.findCharge(siteId, chargeId))!;
    } else if (!current.doc.settledAt) {
      throw testGatewayErrors.chargeNotPending(chargeId, current.status);
    }
    const body = JSON.stringify(webhookEvent(current));
    return { body, signature: signWebhook(webhookSecret, body, now()) };
  }

  events.defineJob<{ chargeId: string }>(jobName, async (job) => {
    await deps.deliver(await settle(job.siteId, job.data.chargeId));
  });

  return {
    id: 'test',
    tokenize,
    charge,
    capture,
    void: voidCharge,
    refund,
    settle,
    verifyWebhook: (body, signatureHeader, at) =>
      verifyWebhookSignature(webhookSecret, body, signatureHeader, at),
  };
}
