import { z } from 'zod';
import {
  testGatewayTokenRequestSchema,
  testGatewayTokenResponseSchema,
} from '@atrium/contract/ecom/payments';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { GatewayWebhookEvent } from './payment-gateway.ts';
import type { TestGateway } from './test-gateway.ts';
import { testGatewayErrors } from './test-gateway.errors.ts';

const tags = ['ecom'];
export const webhookSignatureHeader = 'x-atrium-signature';

/** Who may call the test gateway's routes; the declarations are data the permission tests enumerate. */
export const testGatewayAccess = {
  /** Tokenizing a card is what the buyer's checkout page does: every buyer, the business and apps. */
  tokens: {
    identities: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'],
    scopes: ['ecom.checkout', 'ecom.orders.manage'],
  },
  /** The processor calls the webhook with no identity; its signature is the credential. */
  webhook: { public: true },
} as const satisfies Record<string, RouteAccess>;

export interface TestGatewayRoutesOptions {
  gateway: Pick<TestGateway, 'tokenize' | 'verifyWebhook'>;
  /** Receives each verified webhook event (the ecom module completes or fails the checkout). */
  onWebhook: (event: GatewayWebhookEvent) => Promise<void>;
  now?: () => Date;
}

/** The test gateway's card form endpoint and the webhook endpoint its settlements are delivered to. */
export const testGatewayRoutes: FastifyPluginAsyncZod<TestGatewayRoutesOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());

  app.post(
    '/ecom/v1/test-gateway/tokens',
    {
      config: { access: testGatewayAccess.tokens },
      schema: {
        summary: 'Turn a test card into a payment token (the built-in test gateway)',
        description:
          'The card number is checked (Luhn) and never stored: the token carries only its brand, last four ' +
          'digits and test behaviour, signed, for one hour. See the ecom gateways README for the test cards.',
        tags,
        body: testGatewayTokenRequestSchema,
        response: { 200: testGatewayTokenResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { paymentToken: options.gateway.tokenize(request.ctx.site.id, request.body) };
    },
  );

  // The signature covers the exact bytes sent, so this route (in its own scope) takes the body as text.
  await app.register(async (raw) => {
    const scope = raw.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/ecom/v1/test-gateway/webhook',
      {
        config: { access: testGatewayAccess.webhook },
        schema: {
          summary: 'Receive a signed webhook of the test gateway (a settled asynchronous charge)',
          description:
            `The raw JSON body is signed: header \`${webhookSignatureHeader}: t=<unix seconds>,v1=<hex ` +
            'HMAC-SHA256 of "<t>.<body>">`, at most five minutes old.',
          tags,
          security: [],
          body: z.string().describe('The JSON of the event, as signed'),
          response: { 200: z.object({}), ...errorResponses },
        },
      },
      async (request) => {
        const signature = request.headers[webhookSignatureHeader];
        if (typeof signature !== 'string') {
          throw testGatewayErrors.webhookSignatureInvalid(`the ${webhookSignatureHeader} header is missing`);
        }
        await options.onWebhook(options.gateway.verifyWebhook(request.body, signature, now()));
        return {};
      },
    );
  });
};
