import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { bookingServiceOptions, bookingServices } from '../catalogue.tables.ts';
import { bookings, type BookingRow } from './bookings.tables.ts';

/** A booking with what commerce shows of it: its service's name, media and prices. */
export interface BookingForSale {
  booking: BookingRow;
  service: {
    name: string;
    rateType: string;
    /** Fixed price, or the VARIED default price; null for CUSTOM and NO_FEE. */
    price: string | null;
    /** The rest of the wire service (media, payment). */
    doc: Record<string, unknown>;
    /** The variants of a VARIED service (`bookings_service_options`), null when it has none. */
    variants: Array<Record<string, unknown>> | null;
  };
}

/**
 * The reads of the bookings catalog provider (bookings-catalog-provider.ts). Commerce describes a cart's
 * bookings in one statement, so the service's name and prices ride along with each booking: the one read
 * of the catalogue's tables from the lifecycle besides availability's (whose service reads carry no
 * prices), and it never writes them.
 */
export function createBookingsCatalogRepository(db: Executor) {
  return {
    /** Bookings of the site by id with their service (deleted services too: bookings keep naming them). */
    async findForSale(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<BookingForSale[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .select({
          booking: bookings,
          name: bookingServices.name,
          rateType: bookingServices.rateType,
          price: bookingServices.price,
          doc: bookingServices.doc,
          variants: bookingServiceOptions.variants,
        })
        .from(bookings)
        .innerJoin(
          bookingServices,
          and(eq(bookingServices.siteId, bookings.siteId), eq(bookingServices.id, bookings.serviceId)),
        )
        .leftJoin(
          bookingServiceOptions,
          and(
            eq(bookingServiceOptions.siteId, bookings.siteId),
            eq(bookingServiceOptions.serviceId, bookings.serviceId),
          ),
        )
        .where(and(eq(bookings.siteId, siteId), inArray(bookings.id, [...ids])));
      return rows.map((row) => ({
        booking: row.booking,
        service: {
          name: row.name,
          rateType: row.rateType,
          price: row.price,
          doc: row.doc,
          variants: row.variants,
        },
      }));
    },
  };
}

export type BookingsCatalogRepository = ReturnType<typeof createBookingsCatalogRepository>;
