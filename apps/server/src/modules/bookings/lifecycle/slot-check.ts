import type { Executor } from '../../../platform/db/database.ts';
import {
  bookingBusyRows,
  createAvailabilityRepository,
  createStartCheck,
  type AvailabilityRepository,
  type BookableService,
  type BookingBusyEntry,
} from '../availability/index.ts';
import { defaultBookingFormId } from '../service-rules.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import type { BookingFormRow } from './bookings.tables.ts';

/**
 * The lifecycle's view of a requested slot: availability's start check (one slot engine, one statement
 * per check) and the service's booking form, which is the lifecycle's own. No SQL here.
 */

export type { AppointmentCheck, CheckedStaff, CompletePolicy } from '../availability/index.ts';
export type BusyEntry = BookingBusyEntry;

export interface ServiceFacts extends BookableService {
  requiresApproval: boolean;
  onlineBookingEnabled: boolean;
  formId: string | null;
  /** The fields of the service's form; null when it has none (the default form). */
  formFields: BookingFormRow['fields'] | null;
}

export function createSlotChecker(deps: {
  availability: AvailabilityRepository;
  bookings: BookingsRepository;
}) {
  const check = createStartCheck(deps.availability);

  /**
   * The service, its policy, the site's business hours and (with `prefetch`) the calendar around the
   * slot in one statement. A service with a form of its own costs one read more, for the form (the
   * lifecycle's table); the default form, which every service has until given another, is no row.
   */
  async function loadService(
    siteId: string,
    serviceId: string,
    tx: Executor,
    prefetch?: { start: number },
  ): Promise<ServiceFacts | undefined> {
    const service = await check.loadService(siteId, serviceId, tx, prefetch);
    if (!service) return undefined;
    const { formId } = service.row;
    const form =
      formId && formId !== defaultBookingFormId
        ? await deps.bookings.findForm(siteId, formId, tx)
        : undefined;
    return {
      ...service,
      requiresApproval: service.row.requireManualApproval,
      onlineBookingEnabled: service.row.onlineBookingEnabled,
      formId,
      formFields: form?.fields ?? null,
    };
  }

  return {
    loadService,
    checkAppointment: check.checkAppointment,
    findClassSession: check.findClassSession,
    courseSpanOf: check.courseSpanOf,
  };
}

export type SlotChecker = ReturnType<typeof createSlotChecker>;

/** Writes a booking's rows to the availability engine's busy ledger, through its repository (same transaction). */
export async function recordBusy(tx: Executor, rows: BusyEntry[]): Promise<void> {
  await createAvailabilityRepository(tx).insertBusy(bookingBusyRows(rows).rows, tx);
}

export async function removeBusy(tx: Executor, siteId: string, bookingId: string): Promise<void> {
  await createAvailabilityRepository(tx).deleteBusyBySource(siteId, 'BOOKING', bookingId, tx);
}

/** A paid or confirmed booking's busy time counts for good. */
export async function keepBusy(tx: Executor, siteId: string, bookingId: string): Promise<void> {
  await createAvailabilityRepository(tx).keepBookingBusy(siteId, bookingId, tx);
}

/** The busy time of bookings on a payment hold counts until at least `until`. */
export async function extendBusy(
  tx: Executor,
  siteId: string,
  bookingIds: readonly string[],
  until: Date,
): Promise<void> {
  await createAvailabilityRepository(tx).extendBookingBusy(siteId, bookingIds, until, tx);
}
