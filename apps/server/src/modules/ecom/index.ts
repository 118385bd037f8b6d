import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import type { CatalogProvider } from '../../platform/catalog/catalog-provider.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { identityEvents, type MemberSignedInEvent } from '../identity/index.ts';
import { createCartsRepository } from './carts.repository.ts';
import { cartsRoutes } from './carts.routes.ts';
import { createCartsService } from './carts.service.ts';
import { createCheckoutsRepository } from './checkouts.repository.ts';
import { checkoutsRoutes } from './checkouts.routes.ts';
import { createCheckoutsService, type CheckoutsService } from './checkouts.service.ts';
import { createEcomEventPublisher } from './ecom-events.ts';
import { createOrderBook } from './order-book.ts';
import { createOrderStock } from './order-stock.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { orderFulfillmentsRoutes } from './order-fulfillments.routes.ts';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import { createPaymentsService } from './payments.service.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createOfflineGateway } from './gateways/offline-gateway.ts';
import { createTestGateway } from './gateways/test-gateway.ts';
import { testGatewayRoutes } from './gateways/test-gateway.routes.ts';
import type { GatewayWebhookEvent } from './gateways/payment-gateway.ts';

export { ecomEvents, type EcomEventName } from './ecom-events.ts';

export interface EcomModuleDeps {
  database: Database;
  events: EventBus;
  queries: QueryRunner;
  mail: MailService;
  sealer: SecretSealer;
  findSite: (siteId: string) => Promise<Site | undefined>;
  log: FastifyBaseLogger;
  /** The verticals' catalog providers (stores, bookings, events), keyed by the app id the clients send. */
  providers: readonly CatalogProvider[];
  holdMinutes: number;
  inventoryTrigger: 'ON_ORDER_PLACED' | 'ON_ORDER_PAID';
  publicUrl?: string;
}

/**
 * Commerce: carts, checkouts, one order for products, bookings and tickets, payments through gateways
 * (offline and the built-in test card processor) and refunds. Build it while the app is built: the test
 * gateway defines its webhook job on the bus.
 */
export async function createEcomModule(deps: EcomModuleDeps) {
  const { database } = deps;
  const providers = new Map(deps.providers.map((provider) => [provider.appId, provider]));
  const publish = createEcomEventPublisher(deps.events);
  const stock = createOrderStock(providers);
  const cartsRepository = createCartsRepository(database.db);
  const ordersRepository = createOrdersRepository(database.db);
  const book = createOrderBook({
    database,
    repository: ordersRepository,
    stock,
    publish,
    mail: deps.mail,
    holdMinutes: deps.holdMinutes,
    inventoryTrigger: deps.inventoryTrigger,
  });

  // The processor's webhook is answered by the same code whether it came over HTTP or from the gateway's job.
  let onWebhook: (event: GatewayWebhookEvent) => Promise<void> = async () => undefined;
  const testGateway = await createTestGateway({
    database,
    sealer: deps.sealer,
    events: deps.events,
    deliver: async (webhook) =>
      onWebhook(testGateway.verifyWebhook(webhook.body, webhook.signature, new Date())),
  });
  const gateways = { test: testGateway, offline: createOfflineGateway() };

  const payments = createPaymentsService({
    database,
    repository: ordersRepository,
    book,
    stock,
    publish,
    mail: deps.mail,
    gateways,
  });
  const checkouts: CheckoutsService = createCheckoutsService({
    database,
    repository: createCheckoutsRepository(database.db),
    carts: cartsRepository,
    orders: ordersRepository,
    providers,
    publish,
    book,
    stock,
    gateways,
    holdMinutes: deps.holdMinutes,
    ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}),
    refundLatePayment: (ctx, orderId, shortfalls) => payments.refundLatePayment(ctx, orderId, shortfalls),
  });
  const carts = createCartsService({
    database,
    repository: cartsRepository,
    providers,
    publish,
    checkouts: () => checkouts,
  });
  // A visitor who signs in as a member keeps their cart (merged into the member's when there is one).
  deps.events.subscribe<MemberSignedInEvent>(
    identityEvents.memberSignedIn,
    'ecom.carts.merge-visitor-cart',
    (event, tx) => carts.mergeVisitorCart(tx, event.siteId, event.data.visitorId, event.data.memberId),
  );
  const orders = createOrdersService({
    database,
    repository: ordersRepository,
    queries: deps.queries,
    stock,
    publish,
    mail: deps.mail,
    providers,
    book,
  });

  /** The processor's context: the site the charge was made on, acting as the gateway app. */
  async function gatewayContext(siteId: string): Promise<RequestContext | undefined> {
    const site = await deps.findSite(siteId);
    if (!site) return undefined;
    return {
      requestId: `test-gateway:${siteId}`,
      site,
      caller: { identityType: 'APP', identityId: 'atrium.test-gateway' },
      log: deps.log,
      now: () => new Date(),
    };
  }

  onWebhook = async (event) => {
    const ctx = await gatewayContext(event.siteId);
    if (!ctx) return;
    await checkouts.complete(ctx, event.reference, {
      gateway: 'test',
      chargeId: event.chargeId,
      amount: event.amount,
      status: event.type === 'charge.succeeded' ? 'APPROVED' : 'DECLINED',
    });
  };

  return {
    carts,
    checkouts,
    orders,
    payments,
    gateways,
    /** Runs a processor webhook as the route does (tests deliver settled charges through it). */
    receiveWebhook: (event: GatewayWebhookEvent) => onWebhook(event),
    routes: async (app: FastifyInstance) => {
      await app.register(cartsRoutes, { service: carts });
      await app.register(checkoutsRoutes, { service: checkouts });
      await app.register(ordersRoutes, { service: orders });
      await app.register(orderFulfillmentsRoutes, { service: orders.fulfillments });
      await app.register(paymentsRoutes, { service: payments });
      await app.register(testGatewayRoutes, { gateway: testGateway, onWebhook: (event) => onWebhook(event) });
    },
  };
}
export type EcomModule = Awaited<ReturnType<typeof createEcomModule>>;
