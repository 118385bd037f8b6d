import { AppError } from '../../../platform/errors/app-error.ts';

/** Errors of the test gateway that reach HTTP; refused captures and refunds are outcomes, not errors. */
export const testGatewayErrorCodes = {
  invalidCardNumber: 'INVALID_CARD_NUMBER',
  invalidAmount: 'INVALID_AMOUNT',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  chargeNotPending: 'CHARGE_NOT_PENDING',
  webhookSignatureInvalid: 'WEBHOOK_SIGNATURE_INVALID',
  webhookSignatureStale: 'WEBHOOK_SIGNATURE_STALE',
} as const;

const codes = testGatewayErrorCodes;

export const testGatewayErrors = {
  invalidCardNumber: (lastFour: string) =>
    new AppError(400, codes.invalidCardNumber, `The card number ending ${lastFour} fails the Luhn check`, {
      fieldViolations: [
        {
          field: 'cardNumber',
          description: 'is not a valid card number (Luhn check)',
          violatedRule: 'FORMAT',
        },
      ],
    }),
  invalidAmount: (amount: string, currency: string, why: string) =>
    new AppError(400, codes.invalidAmount, `Amount ${amount} ${currency} ${why}`, {
      data: { amount, currency },
    }),
  /** A key names one request: sending it again with other money is a bug of the caller, not a retry. */
  idempotencyKeyReused: (key: string, what: string) =>
    new AppError(
      409,
      codes.idempotencyKeyReused,
      `Idempotency key ${key} was already used for ${what} with other parameters`,
      { data: { idempotencyKey: key } },
    ),
  chargeNotPending: (chargeId: string, status: string) =>
    new AppError(
      409,
      codes.chargeNotPending,
      `Charge ${chargeId} is ${status}, not pending: nothing to settle`,
      {
        data: { chargeId, status },
      },
    ),
  webhookSignatureInvalid: (why: string) =>
    new AppError(401, codes.webhookSignatureInvalid, `Webhook signature rejected: ${why}`),
  webhookSignatureStale: (ageSeconds: number) =>
    new AppError(
      401,
      codes.webhookSignatureStale,
      `Webhook signature rejected: its timestamp is ${ageSeconds} s from now, more than 300 s`,
    ),
};
