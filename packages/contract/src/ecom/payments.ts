import { z } from 'zod';
import { nonNegativeDecimalStringSchema } from '../money.ts';
import { orderSchema } from './orders.ts';

/** Payments collector (`/ecom/v1/payments-collector`) and order transactions (`/ecom/v1/payments`). */

export const paymentStatuses = [
  'APPROVED',
  'PENDING',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'AUTHORIZED',
  'VOIDED',
] as const;
export type PaymentStatusWire = (typeof paymentStatuses)[number];

const amountInputSchema = z.object({ amount: nonNegativeDecimalStringSchema }).loose();

export const preparePaymentCollectionRequestSchema = z
  .object({
    amount: amountInputSchema,
    paymentGatewayOrderId: z.string().max(200).nullish(),
    delayedCapture: z.boolean().nullish(),
    merchantInitiated: z.boolean().nullish(),
    redirectUrls: z.looseObject({}).nullish(),
    delayedCaptureSettings: z.looseObject({}).nullish(),
  })
  .loose();
export const paymentGatewayOrderResponseSchema = z.object({ paymentGatewayOrderId: z.string() });

export const collectabilityResponseSchema = z.object({
  status: z.string(),
  amount: z.object({ amount: z.string(), formattedAmount: z.string() }),
});

export const manualPaymentRequestSchema = z.object({
  amount: amountInputSchema,
  userDefinedPaymentMethodName: z.looseObject({}).nullish(),
});
export const markAsPaidRequestSchema = z.object({
  userDefinedPaymentMethodName: z.looseObject({}).nullish(),
});
export const markAsPaidResponseSchema = z.object({ order: orderSchema });

export const bulkMarkAsPaidRequestSchema = z.object({
  ecomOrderIds: z.array(z.string().min(1).max(100)).min(1).max(100),
});

export const refundabilityResponseSchema = z.object({
  refundabilities: z.array(z.looseObject({ paymentId: z.string(), refundabilityStatus: z.string() })),
  refundablePerItem: z.array(z.looseObject({})),
});

export const createPaymentGatewayOrderRequestSchema = z
  .object({ chargedBy: z.looseObject({}).nullish() })
  .loose();

export const chargeMembershipsRequestSchema = z
  .object({
    memberId: z.string().max(100).nullish(),
    membershipCharges: z.array(z.looseObject({})).max(100).nullish(),
  })
  .loose();

export const paymentRefundInputSchema = z.object({
  paymentId: z.string().min(1).max(100),
  amount: amountInputSchema.nullish(),
  externalRefund: z.boolean().nullish(),
});

export const triggerRefundRequestSchema = z.object({
  payments: z.array(paymentRefundInputSchema).min(1).max(20),
  details: z
    .object({
      items: z
        .array(z.object({ lineItemId: z.string().max(100), quantity: z.number().int().min(1) }))
        .max(300)
        .nullish(),
      shippingIncluded: z.boolean().nullish(),
      reason: z.string().max(1000).nullish(),
    })
    .loose()
    .nullish(),
  sideEffects: z
    .object({
      restockInfo: z
        .object({
          type: z.enum(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS']).nullish(),
          items: z.array(z.looseObject({})).nullish(),
        })
        .loose()
        .nullish(),
      sendOrderRefundedEmail: z.boolean().nullish(),
      customMessage: z.string().max(2000).nullish(),
    })
    .loose()
    .nullish(),
});

export const orderTransactionsSchema = z.object({
  orderId: z.string(),
  payments: z.array(z.looseObject({ id: z.string() })),
  refunds: z.array(z.looseObject({ id: z.string() })),
});
export const orderTransactionsResponseSchema = z.object({ orderTransactions: orderTransactionsSchema });
export const triggerRefundResponseSchema = z.object({
  orderTransactions: orderTransactionsSchema,
  refundId: z.string(),
  failedPaymentIds: z.array(z.looseObject({})),
});

export const voidAuthorizedPaymentsRequestSchema = z.object({
  paymentIds: z.array(z.string().min(1).max(100)).min(1).max(20),
});
export const captureAuthorizedPaymentsRequestSchema = z.object({
  payments: z
    .array(z.object({ paymentId: z.string().min(1).max(100), amount: amountInputSchema.nullish() }))
    .min(1)
    .max(20),
});

export const addPaymentsRequestSchema = z.object({
  payments: z
    .array(
      z
        .object({
          amount: amountInputSchema,
          regularPaymentDetails: z
            .object({
              status: z.enum(paymentStatuses).nullish(),
              offlinePayment: z.boolean().nullish(),
              paymentMethod: z.string().max(100).nullish(),
              gatewayTransactionId: z.string().max(200).nullish(),
            })
            .loose()
            .nullish(),
        })
        .loose(),
    )
    .min(1)
    .max(20),
});
export const addPaymentsResponseSchema = z.object({
  orderTransactions: orderTransactionsSchema,
  paymentsIds: z.array(z.string()),
});

export const updatePaymentStatusRequestSchema = z.object({ status: z.enum(paymentStatuses) });

/** Order transactions `bulkUpdatePaymentStatuses`: one status for payments of several orders. */
export const bulkUpdatePaymentStatusesRequestSchema = z.object({
  paymentAndOrderIds: z
    .array(z.object({ orderId: z.string().min(1).max(100), paymentId: z.string().min(1).max(100) }))
    .min(1)
    .max(100),
  returnFullEntity: z.boolean().nullish(),
  status: z.enum(paymentStatuses),
});
export const bulkUpdatePaymentStatusesResponseSchema = z.object({
  results: z.array(z.looseObject({ itemMetadata: z.looseObject({ success: z.boolean() }) })),
  bulkActionMetadata: z.object({
    totalSuccesses: z.number().int(),
    totalFailures: z.number().int(),
    undetailedFailures: z.number().int(),
  }),
});

/** The refund statuses a refund's transaction for one payment goes through. */
export const refundTransactionStatuses = ['PENDING', 'STARTED', 'SCHEDULED', 'SUCCEEDED', 'FAILED'] as const;

/** Order transactions `updateRefundTransaction`: what the processor reported of one payment's refund. */
export const updateRefundTransactionRequestSchema = z.object({
  refundId: z.string().min(1).max(100),
  transaction: z
    .object({
      paymentId: z.string().min(1).max(100),
      refundStatus: z.enum(refundTransactionStatuses).nullish(),
      gatewayRefundId: z.string().max(200).nullish(),
      providerRefundId: z.string().max(200).nullish(),
    })
    .loose(),
  fieldMask: z.unknown().optional(),
});

/** Order transactions `updatePayments`: changes to an order's payments (only their status changes here). */
export const updatePaymentsRequestSchema = z
  .object({
    payments: z
      .array(
        z
          .object({
            paymentId: z.string().min(1).max(100),
            payment: z
              .object({
                regularPaymentDetails: z
                  .object({ status: z.enum(paymentStatuses).nullish() })
                  .loose()
                  .nullish(),
              })
              .loose()
              .nullish(),
          })
          .loose(),
      )
      .max(100)
      .nullish(),
  })
  .loose();

export const listTransactionsForOrdersRequestSchema = z.object({
  orderIds: z.array(z.string().min(1).max(100)).min(1).max(100),
});
export const listTransactionsForOrdersResponseSchema = z.object({
  orderTransactions: z.array(orderTransactionsSchema),
});

/** The test gateway: a card as the buyer types it, turned into a one-time payment token. */
export const testGatewayTokenRequestSchema = z.object({
  cardNumber: z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits'),
  expiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY')
    .nullish(),
  cvc: z
    .string()
    .regex(/^\d{3,4}$/, 'must be 3 or 4 digits')
    .nullish(),
});
export const testGatewayTokenResponseSchema = z.object({ paymentToken: z.string() });
