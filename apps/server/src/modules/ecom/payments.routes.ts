import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPaymentsRequestSchema,
  addPaymentsResponseSchema,
  bulkMarkAsPaidRequestSchema,
  bulkUpdatePaymentStatusesRequestSchema,
  bulkUpdatePaymentStatusesResponseSchema,
  captureAuthorizedPaymentsRequestSchema,
  chargeMembershipsRequestSchema,
  collectabilityResponseSchema,
  createPaymentGatewayOrderRequestSchema,
  listTransactionsForOrdersRequestSchema,
  listTransactionsForOrdersResponseSchema,
  manualPaymentRequestSchema,
  markAsPaidRequestSchema,
  markAsPaidResponseSchema,
  orderTransactionsResponseSchema,
  paymentGatewayOrderResponseSchema,
  preparePaymentCollectionRequestSchema,
  refundabilityResponseSchema,
  triggerRefundRequestSchema,
  triggerRefundResponseSchema,
  updatePaymentStatusRequestSchema,
  updatePaymentsRequestSchema,
  updateRefundTransactionRequestSchema,
  voidAuthorizedPaymentsRequestSchema,
} from '@atrium/contract/ecom/payments';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { PaymentsService } from './payments.service.ts';
import { ecomAccess } from './ecom-access.ts';
import { ecomErrors } from './ecom.errors.ts';

const tags = ['ecom: payments'];
const orderParams = z.object({ ecomOrderId: z.string().min(1).max(100) });
const bulkResponse = z.object({ results: z.array(z.looseObject({})), bulkActionMetadata: z.looseObject({}) });

function methodName(value: Record<string, unknown> | null | undefined) {
  const name = value?.name ?? value?.original ?? value?.value;
  return typeof name === 'string' ? name.slice(0, 100) : undefined;
}

/** The payments collector and order transactions (`@wix/ecom` orders and orderTransactions). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  const manage = { access: ecomAccess.manage };
  const base = '/ecom/v1/payments-collector/orders/:ecomOrderId';

  app.post(
    `${base}/mark-as-paid`,
    {
      config: manage,
      schema: {
        summary: 'Mark an order paid (an offline payment of its balance)',
        tags,
        params: orderParams,
        body: markAsPaidRequestSchema,
        response: { 200: markAsPaidResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      order: await service.markAsPaid(
        request.ctx,
        request.params.ecomOrderId,
        methodName(request.body.userDefinedPaymentMethodName),
      ),
    }),
  );
  app.post(
    '/ecom/v1/bulk/payments-collector/mark-as-paid',
    {
      config: manage,
      schema: {
        summary: 'Mark orders paid',
        tags,
        body: bulkMarkAsPaidRequestSchema,
        response: { 200: bulkResponse, ...errorResponses },
      },
    },
    async (request) => service.bulkMarkAsPaid(request.ctx, request.body.ecomOrderIds),
  );
  app.post(
    '/ecom/v1/payments-collector/orders/:orderId/manual-payment',
    {
      config: manage,
      schema: {
        summary: 'Record a payment collected by hand',
        tags,
        params: z.object({ orderId: z.string().min(1).max(100) }),
        body: manualPaymentRequestSchema,
        response: { 200: z.object({}), ...errorResponses },
      },
    },
    async (request) =>
      service.recordManualPayment(
        request.ctx,
        request.params.orderId,
        request.body.amount.amount,
        methodName(request.body.userDefinedPaymentMethodName),
      ),
  );
  app.get(
    `${base}/payment-collectability-status`,
    {
      config: manage,
      schema: {
        summary: 'Whether the balance can be collected',
        tags,
        params: orderParams,
        response: { 200: collectabilityResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.collectability(request.ctx, request.params.ecomOrderId),
  );
  app.get(
    `${base}/refundability`,
    {
      config: manage,
      schema: {
        summary: 'Whether each payment can be refunded, and why not',
        tags,
        params: orderParams,
        response: { 200: refundabilityResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.refundability(request.ctx, request.params.ecomOrderId),
  );
  for (const [path, summary] of [
    ['create-payment-gateway-order', 'Create the payment gateway order for collecting the balance'],
    ['prepare-payment-collection', 'Prepare collecting a payment for the order'],
  ] as const) {
    app.post(
      `${base}/${path}`,
      {
        config: manage,
        schema: {
          summary,
          tags,
          params: orderParams,
          body:
            path === 'prepare-payment-collection'
              ? preparePaymentCollectionRequestSchema
              : createPaymentGatewayOrderRequestSchema,
          response: { 200: paymentGatewayOrderResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.paymentGatewayOrder(request.ctx, request.params.ecomOrderId),
    );
  }
  app.post(
    `${base}/charge-membership`,
    {
      config: manage,
      schema: {
        summary: 'Charge memberships (not available: no pricing plans yet)',
        tags,
        params: orderParams,
        body: chargeMembershipsRequestSchema,
        response: errorResponses,
      },
    },
    async () => {
      throw ecomErrors.membershipsNotAvailable();
    },
  );
  app.post(
    `${base}/trigger-refund`,
    {
      config: manage,
      schema: {
        summary: 'Refund payments of an order, fully or partly',
        tags,
        params: orderParams,
        body: triggerRefundRequestSchema,
        response: { 200: triggerRefundResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { body } = request;
      return service.refund(request.ctx, request.params.ecomOrderId, {
        payments: body.payments.map((payment) => ({
          paymentId: payment.paymentId,
          ...(payment.amount ? { amount: payment.amount.amount } : {}),
        })),
        ...(body.details?.reason ? { reason: body.details.reason } : {}),
        restock: body.sideEffects?.restockInfo?.type === 'ALL_ITEMS',
        notify: body.sideEffects?.sendOrderRefundedEmail ?? true,
      });
    },
  );
  app.post(
    `${base}/void-authorized-payments`,
    {
      config: manage,
      schema: {
        summary: 'Void authorized payments',
        tags,
        params: orderParams,
        body: voidAuthorizedPaymentsRequestSchema,
        response: { 200: orderTransactionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.voidAuthorized(request.ctx, request.params.ecomOrderId, request.body.paymentIds),
  );
  app.post(
    `${base}/capture-authorized-payments`,
    {
      config: manage,
      schema: {
        summary: 'Capture authorized payments',
        tags,
        params: orderParams,
        body: captureAuthorizedPaymentsRequestSchema,
        response: { 200: orderTransactionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.captureAuthorized(
        request.ctx,
        request.params.ecomOrderId,
        request.body.payments.map((payment) => ({
          paymentId: payment.paymentId,
          ...(payment.amount ? { amount: payment.amount.amount } : {}),
        })),
      ),
  );

  const orderIdParams = z.object({ orderId: z.string().min(1).max(100) });
  app.get(
    '/ecom/v1/payments/orders/:orderId',
    {
      config: manage,
      schema: {
        summary: "An order's payments and refunds",
        tags,
        params: orderIdParams,
        response: { 200: orderTransactionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [orderTransactions] = await service.transactionsOf(request.ctx, [request.params.orderId]);
      return { orderTransactions: orderTransactions! };
    },
  );
  app.post(
    '/ecom/v1/payments/list-by-ids',
    {
      config: manage,
      schema: {
        summary: 'Payments and refunds of several orders',
        tags,
        body: listTransactionsForOrdersRequestSchema,
        response: { 200: listTransactionsForOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      orderTransactions: await service.transactionsOf(request.ctx, request.body.orderIds),
    }),
  );
  app.post(
    '/ecom/v1/payments/orders/:orderId/add-payment',
    {
      config: manage,
      schema: {
        summary: 'Record payments on an order',
        tags,
        params: orderIdParams,
        body: addPaymentsRequestSchema,
        response: { 200: addPaymentsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.addPayments(
        request.ctx,
        request.params.orderId,
        request.body.payments.map((payment) => ({
          amount: payment.amount.amount,
          status: payment.regularPaymentDetails?.status ?? null,
          methodName: payment.regularPaymentDetails?.paymentMethod ?? null,
        })),
      ),
  );
  app.post(
    '/ecom/v1/payments/:paymentId/orders/:orderId/update-payment-transaction-status',
    {
      config: manage,
      schema: {
        summary: "Change a manual payment's status",
        tags,
        params: orderIdParams.extend({ paymentId: z.string().min(1).max(100) }),
        body: updatePaymentStatusRequestSchema,
        response: { 200: orderTransactionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.updatePaymentStatus(
        request.ctx,
        request.params.orderId,
        request.params.paymentId,
        request.body.status,
      ),
  );
  app.post(
    '/ecom/v1/bulk/payments/update-payment-transaction-status',
    {
      config: manage,
      schema: {
        summary: 'Change the status of manual payments of several orders (each on its own)',
        tags,
        body: bulkUpdatePaymentStatusesRequestSchema,
        response: { 200: bulkUpdatePaymentStatusesResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.bulkUpdatePaymentStatuses(
        request.ctx,
        request.body.paymentAndOrderIds,
        request.body.status,
        request.body.returnFullEntity ?? false,
      ),
  );
  app.post(
    '/ecom/v1/payments/orders/:orderId/update-payments',
    {
      config: manage,
      schema: {
        summary: "Change an order's manual payments (their status)",
        description:
          'The official client sends no order (its path says `undefined`): that answers 404 ' +
          'ORDER_TRANSACTIONS_NOT_FOUND.',
        tags,
        params: orderIdParams,
        body: updatePaymentsRequestSchema.nullish(),
        response: { 200: orderTransactionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.updatePayments(
        request.ctx,
        request.params.orderId,
        (request.body?.payments ?? []).map((entry) => ({
          paymentId: entry.paymentId,
          status: entry.payment?.regularPaymentDetails?.status ?? null,
        })),
      ),
  );
  app.post(
    '/ecom/v1/payments/orders/:orderId/update-refund-transaction',
    {
      config: manage,
      schema: {
        summary: "Record what the processor reported of one payment's refund",
        tags,
        params: orderIdParams,
        body: updateRefundTransactionRequestSchema,
        response: { 200: orderTransactionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.updateRefundTransaction(
        request.ctx,
        request.params.orderId,
        request.body.refundId,
        request.body.transaction,
      ),
  );
};
