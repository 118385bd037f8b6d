import type { FastifyBaseLogger } from 'fastify';
import { bookingEventNames } from '@atrium/contract/bookings/lifecycle';
import type { Site } from '@atrium/contract/sites';
import type {
  CatalogHoldOutcome,
  CatalogItemDescription,
  CatalogLine,
  CatalogProvider,
  CatalogReference,
} from '../../../platform/catalog/catalog-provider.ts';
import { systemClock, type RequestContext } from '../../../platform/context.ts';
import type { Executor, Tx } from '../../../platform/db/database.ts';
import { isUuid } from '../../../platform/db/ids.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { toDecimalString, zero } from '../../../platform/money/money.ts';
import { computePrice, PriceError, type PricedChoice } from '../price.ts';
import type { BookingForSale, BookingsCatalogRepository } from './bookings-catalog.repository.ts';
import { canTransition, holdsSlot } from './booking-state.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import type { BookingsService } from './bookings.service.ts';
import type { BookingRow } from './bookings.tables.ts';
import { isSlotConflict } from './lifecycle.errors.ts';

/** The app id the official clients put in `catalogReference.appId` for bookings. */
export const bookingsAppId = '13d21c63-b5ec-5912-8397-c3a5ddb27a97';

/** Who pays, confirms and cancels bookings sold through commerce (their history entries name this app). */
const commerce = { identityType: 'APP', identityId: 'atrium.ecom' } as const;

/** The customer paid for it: they hear of the confirmation (or cancellation), as of their own action. */
const tellTheCustomer = { notifyParticipants: true };

/**
 * What settles nothing yet. PARTIALLY_PAID (a deposit was taken elsewhere) is not sold again at full price;
 * PAID, EXEMPT and REFUNDED are settled.
 */
const unpaidStatuses: ReadonlySet<string> = new Set(['NOT_PAID', 'UNDEFINED']);

/**
 * Whether a checkout may still take a booking at `now`: PAYABLE (holds its slot, unpaid), HOLD_EXPIRED
 * (CREATED, its payment hold expired but the sweep has not declined it: a hold or a payment may take the
 * slot again if it is still free), or NOT_PAYABLE (declined, canceled, waitlisted, settled).
 */
export function payabilityOf(
  row: Pick<BookingRow, 'status' | 'paymentStatus' | 'holdExpiresAt'>,
  now: Date,
): 'PAYABLE' | 'HOLD_EXPIRED' | 'NOT_PAYABLE' {
  if (!unpaidStatuses.has(row.paymentStatus) || !holdsSlot(row.status)) return 'NOT_PAYABLE';
  if (row.holdExpiresAt && row.holdExpiresAt <= now) {
    return row.status === 'CREATED' ? 'HOLD_EXPIRED' : 'NOT_PAYABLE';
  }
  return 'PAYABLE';
}

/** What the booking costs, as the pricing API quotes it (price.ts); undefined when it has no price. */
function priceOf(found: BookingForSale, currency: string): string | undefined {
  const { booking, service } = found;
  const choices = booking.participantsChoices as {
    serviceChoices?: Array<{ numberOfParticipants: number; choices: PricedChoice[] }>;
  } | null;
  try {
    return computePrice(
      [
        {
          service: {
            id: booking.serviceId,
            rateType: service.rateType,
            price: service.price,
            deposit: null,
            depositEnabled: false,
            customDescription: null,
            variants: (service.variants ?? []).map((variant) => ({
              choices: variant.choices as PricedChoice[],
              price: (variant.price as { value: string }).value,
            })),
          },
          numberOfParticipants: booking.totalParticipants,
          serviceChoices: choices?.serviceChoices,
        },
      ],
      currency,
    ).calculatedPrice;
  } catch (error) {
    // The chosen variant no longer exists: there is no price to charge.
    if (error instanceof PriceError) return undefined;
    throw error;
  }
}

/** The service's main image (a URL, or an image object with a URL). */
function mediaOf(doc: Record<string, unknown>): { url: string; altText?: string } | undefined {
  const image = (doc.media as { mainMedia?: { image?: unknown } } | undefined)?.mainMedia?.image;
  if (typeof image === 'string') return image ? { url: image } : undefined;
  const { url, altText } = (image ?? {}) as { url?: string; altText?: string | null };
  return url ? { url, ...(altText ? { altText } : {}) } : undefined;
}

const notFound = (reference: CatalogReference): CatalogItemDescription => ({
  reference,
  availability: { status: 'NOT_FOUND' },
});

/** The booking ids the references may name (anything else cannot be a booking of this app). */
function bookingIdsOf(references: readonly CatalogReference[]): string[] {
  return [
    ...new Set(
      references
        .filter((reference) => reference.appId === bookingsAppId && isUuid(reference.catalogItemId))
        .map((reference) => reference.catalogItemId),
    ),
  ];
}

interface Taken {
  line: CatalogLine;
  row: BookingRow;
}

type Shortfalls = Extract<CatalogHoldOutcome, { ok: false }>['shortfalls'];

export interface BookingsCatalogDeps {
  repository: Pick<BookingsRepository, 'lockByIds' | 'update'>;
  catalog: BookingsCatalogRepository;
  bookings: Pick<
    BookingsService,
    'confirmOrDeclineInTransaction' | 'cancelInTransaction' | 'extendPaymentHolds' | 'afterChange'
  >;
  /** A site by id; `executor` reads it inside the caller's transaction when it is not cached. */
  findSite: (siteId: string, executor?: Executor) => Promise<Site | undefined>;
  log: FastifyBaseLogger;
}

/**
 * Bookings as commerce sells them (commerce.md, "Catalog providers"; README.md, "Sold through commerce"):
 * the catalog item is a booking the customer made for online payment. Commerce describes, holds, commits
 * and restocks it; the booking's own payment hold, confirmation and cancellation do the work, so history,
 * events and mails are the lifecycle's.
 */
export function createBookingsCatalogProvider(deps: BookingsCatalogDeps): CatalogProvider {
  const { repository, bookings } = deps;

  function commerceContext(site: Site, now: Date, step: string): RequestContext {
    return {
      requestId: `atrium.ecom:${step}:${now.toISOString()}`,
      site,
      caller: commerce,
      log: deps.log,
      now: () => now,
    };
  }

  /**
   * The bookings the lines name, locked in id order, and the lines a checkout cannot take: not a booking
   * of this site, named twice, a quantity other than one, or not payable.
   */
  async function lockLines(tx: Tx, siteId: string, lines: readonly CatalogLine[], now: Date) {
    const rows = await repository.lockByIds(siteId, bookingIdsOf(lines.map((line) => line.reference)), tx);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const taken: Taken[] = [];
    const shortfalls: Shortfalls = [];
    const seen = new Set<string>();
    for (const line of lines) {
      const { appId, catalogItemId } = line.reference;
      const row = appId === bookingsAppId ? byId.get(catalogItemId) : undefined;
      const payable = row !== undefined && !seen.has(row.id) && payabilityOf(row, now) !== 'NOT_PAYABLE';
      if (row) seen.add(row.id);
      if (payable && line.quantity === 1) taken.push({ line, row });
      else
        shortfalls.push({ reference: line.reference, requested: line.quantity, available: payable ? 1 : 0 });
    }
    return { taken, shortfalls };
  }

  const allShort = (lines: readonly CatalogLine[]): CatalogHoldOutcome => ({
    ok: false,
    shortfalls: lines.map((line) => ({ reference: line.reference, requested: line.quantity, available: 0 })),
  });

  const shortOf = (line: CatalogLine): CatalogHoldOutcome => ({
    ok: false,
    shortfalls: [{ reference: line.reference, requested: line.quantity, available: 0 }],
  });

  /**
   * Runs `step` for each booking under one savepoint: a booking that lost its slot (an expired hold taken
   * again) or refused the step undoes every one of them and is the outcome's shortfall.
   */
  async function allOrNothing(
    tx: Tx,
    taken: readonly Taken[],
    step: (savepoint: Tx, row: BookingRow) => Promise<void>,
  ): Promise<CatalogHoldOutcome> {
    let current: Taken | undefined;
    try {
      await tx.transaction(async (savepoint) => {
        for (const each of taken) {
          current = each;
          await step(savepoint, each.row);
        }
        current = undefined;
      });
    } catch (error) {
      if (current && (isSlotConflict(error) || error instanceof AppError)) return shortOf(current.line);
      throw error;
    }
    return { ok: true };
  }

  /** Records the payment: a CREATED or PENDING booking through confirmOrDecline, a confirmed one in place. */
  async function pay(ctx: RequestContext, row: BookingRow, tx: Tx): Promise<void> {
    if (row.status !== 'CONFIRMED') {
      await bookings.confirmOrDeclineInTransaction(ctx, row.id, 'PAID', tx, tellTheCustomer);
      return;
    }
    const updated = await repository.update(ctx.site.id, row.id, { paymentStatus: 'PAID' }, tx);
    await bookings.afterChange(ctx, tx, {
      event: bookingEventNames.updated,
      row: updated,
      notifyCustomer: false,
    });
  }

  return {
    appId: bookingsAppId,

    async describe(siteId, references, now): Promise<CatalogItemDescription[]> {
      const site = await deps.findSite(siteId);
      if (!site) return references.map(notFound);
      const found = await deps.catalog.findForSale(siteId, bookingIdsOf(references));
      const byId = new Map(found.map((entry) => [entry.booking.id, entry]));
      return references.map((reference) => {
        const entry = reference.appId === bookingsAppId ? byId.get(reference.catalogItemId) : undefined;
        if (!entry) return notFound(reference);
        const { booking, service } = entry;
        const price = priceOf(entry, site.currency);
        const payable = price !== undefined && payabilityOf(booking, now) === 'PAYABLE';
        const amount = price ?? toDecimalString(zero(site.currency));
        const media = mediaOf(service.doc);
        return {
          reference,
          availability: payable
            ? { status: 'AVAILABLE', quantityAvailable: 1 }
            : { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
          item: {
            name: service.name,
            itemType: 'SERVICE',
            fixedQuantity: true,
            serviceProperties: {
              scheduledDate: booking.startDate.toISOString(),
              numberOfParticipants: booking.totalParticipants,
            },
            // Bookings have no discounts: what one pays is the list price.
            price: amount,
            fullPrice: amount,
            currency: site.currency,
            ...(media ? { media } : {}),
            options: {},
          },
        };
      });
    },

    async hold(tx, request) {
      const site = await deps.findSite(request.siteId, tx);
      if (!site) return allShort(request.lines);
      const { taken, shortfalls } = await lockLines(tx, request.siteId, request.lines, request.now);
      if (shortfalls.length > 0) return { ok: false, shortfalls };
      const ctx = commerceContext(site, request.now, `hold:${request.owner}`);
      const expired = taken.filter(({ row }) => payabilityOf(row, request.now) === 'HOLD_EXPIRED');
      const live = taken.filter(({ row }) => payabilityOf(row, request.now) === 'PAYABLE');
      // Only taking an expired hold's slot again can fail: live holds are extended in three statements.
      if (expired.length > 0) {
        const outcome = await allOrNothing(tx, expired, (savepoint, row) =>
          bookings.extendPaymentHolds(ctx, [row], request.expiresAt, savepoint),
        );
        if (!outcome.ok) return outcome;
      }
      await bookings.extendPaymentHolds(
        ctx,
        live.map(({ row }) => row),
        request.expiresAt,
        tx,
      );
      return { ok: true };
    },

    // The bookings keep their own payment holds: unpaid, they expire and the sweep declines them.
    async release() {},

    async commit(tx, request) {
      const site = await deps.findSite(request.siteId, tx);
      if (!site) return allShort(request.lines);
      const { taken, shortfalls } = await lockLines(tx, request.siteId, request.lines, request.now);
      if (shortfalls.length > 0) return { ok: false, shortfalls };
      const ctx = commerceContext(site, request.now, `commit:${request.owner}`);
      return allOrNothing(tx, taken, (savepoint, row) => pay(ctx, row, savepoint));
    },

    async restock(tx, request) {
      const site = await deps.findSite(request.siteId, tx);
      if (!site) return;
      const rows = await repository.lockByIds(
        request.siteId,
        bookingIdsOf(request.lines.map((line) => line.reference)),
        tx,
      );
      const ctx = commerceContext(site, systemClock.now(), 'restock');
      for (const row of rows) {
        // Canceled (restocked before) or declined bookings hold nothing any more.
        if (!canTransition(row.status, 'cancel')) continue;
        await bookings.cancelInTransaction(ctx, row.id, { participantNotification: tellTheCustomer }, tx);
      }
    },
  };
}
