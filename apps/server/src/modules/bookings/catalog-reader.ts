import type { Database } from '../../platform/db/database.ts';
import { strictestPolicy, type PolicyDoc } from './booking-policy-rules.ts';
import type { CatalogEntitiesRepository } from './catalog-entities.repository.ts';
import type {
  RecurringSessionRow,
  ResourceRow,
  ServiceRow,
  SessionRow,
  TimeOffRow,
} from './catalog.tables.ts';
import type { OptionsRepository } from './options.repository.ts';
import type { PoliciesRepository } from './policies.repository.ts';
import type { PoliciesService } from './policies.service.ts';
import type { SchedulesRepository } from './schedules.repository.ts';
import type { ServicesRepository } from './services.repository.ts';
import type { StaffRepository } from './staff.repository.ts';
import { defaultBusinessHours, type MinutePeriod } from './working-hours.ts';

/**
 * What the availability engine and the bookings lifecycle read from the catalogue: plain data, no HTTP
 * shapes, no rules about who may see what (callers pass the site id they already checked). Times of day
 * are minutes since local midnight in the site's time zone; weekdays are ISO (1 = Monday).
 */
export interface BookableService {
  id: string;
  type: 'APPOINTMENT' | 'CLASS' | 'COURSE';
  name: string;
  scheduleId: string;
  durationMinutes: number;
  /** Every duration the service offers (availabilityConstraints.durations). */
  durationsMinutes: number[];
  bufferAfterMinutes: number;
  bufferBeforeMinutes: number;
  defaultCapacity: number;
  staffMemberIds: string[];
  bookingPolicyId: string;
  onlineBookingEnabled: boolean;
  requireManualApproval: boolean;
  locations: Array<{ type: string; business?: { id?: string }; custom?: { id?: string } }>;
  /** Resources a booking needs: one of `resourceIds` (any resource of the type when empty) per entry. */
  resources: Array<{ resourceTypeId: string; resourceIds: string[] }>;
  rateType: string;
  price: string | null;
  currency: string;
  deleted: boolean;
}

function toBookable(row: ServiceRow): BookableService {
  const doc = row.doc as {
    locations?: BookableService['locations'];
    serviceResources?: Array<{ resourceType: { id: string }; resourceIds?: { values: string[] } }>;
    schedule?: { availabilityConstraints?: { durations?: Array<{ minutes: number }> } };
  };
  return {
    id: row.id,
    type: row.type as BookableService['type'],
    name: row.name,
    scheduleId: row.scheduleId,
    durationMinutes: row.durationMinutes,
    durationsMinutes: (
      doc.schedule?.availabilityConstraints?.durations ?? [{ minutes: row.durationMinutes }]
    ).map((d) => d.minutes),
    bufferAfterMinutes: row.bufferAfterMinutes,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    defaultCapacity: row.defaultCapacity,
    staffMemberIds: [...row.staffMemberIds],
    bookingPolicyId: row.bookingPolicyId,
    onlineBookingEnabled: row.onlineBookingEnabled,
    requireManualApproval: row.requireManualApproval,
    locations: doc.locations ?? [],
    resources: (doc.serviceResources ?? []).map((item) => ({
      resourceTypeId: item.resourceType.id,
      resourceIds: item.resourceIds?.values ?? [],
    })),
    rateType: row.rateType,
    price: row.price,
    currency: row.currency,
    deleted: row.deletedDate !== null,
  };
}

export function createCatalogReader(deps: {
  database: Database;
  services: ServicesRepository;
  staff: StaffRepository;
  policies: PoliciesRepository;
  policiesService: PoliciesService;
  entities: CatalogEntitiesRepository;
  schedules: SchedulesRepository;
  options: OptionsRepository;
}) {
  const { services, staff, policies, entities, schedules, options } = deps;

  async function businessHours(siteId: string): Promise<MinutePeriod[]> {
    return (await staff.findSettings(siteId))?.businessHours ?? [...defaultBusinessHours];
  }

  return {
    /** A live service; deleted ones too with `includeDeleted` (bookings keep naming them). */
    async getService(
      siteId: string,
      serviceId: string,
      options: { includeDeleted?: boolean } = {},
    ): Promise<BookableService | undefined> {
      const row = options.includeDeleted
        ? await services.findByIdIncludingDeleted(siteId, serviceId)
        : await services.findById(siteId, serviceId);
      return row ? toBookable(row) : undefined;
    },

    async getServices(siteId: string, serviceIds: readonly string[]): Promise<BookableService[]> {
      return (await services.findByIds(siteId, serviceIds)).map(toBookable);
    },

    async getServiceByScheduleId(siteId: string, scheduleId: string): Promise<BookableService | undefined> {
      const row = await services.findByScheduleId(siteId, scheduleId);
      return row ? toBookable(row) : undefined;
    },

    /** The site's business hours (Mon-Fri 09:00-17:00 until changed). */
    businessHours,

    /** Working hours in force per staff member: their own, or the business hours while they have none. */
    async staffWorkingHours(
      siteId: string,
      staffMemberIds: readonly string[],
    ): Promise<Map<string, MinutePeriod[]>> {
      const rows = await staff.findByIds(siteId, staffMemberIds);
      const own = await staff.workingHoursOf(
        siteId,
        rows.filter((row) => !row.usesDefaultWorkingHours).map((row) => row.id),
      );
      const business = rows.some((row) => row.usesDefaultWorkingHours) ? await businessHours(siteId) : [];
      return new Map(
        rows.map((row) => [
          row.id,
          row.usesDefaultWorkingHours
            ? business
            : own
                .filter((period) => period.staffMemberId === row.id)
                .map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
        ]),
      );
    },

    async staffMembers(
      siteId: string,
      staffMemberIds: readonly string[],
    ): Promise<Array<{ id: string; name: string; resourceId: string }>> {
      return (await staff.findByIds(siteId, staffMemberIds)).map((row) => ({
        id: row.id,
        name: row.name,
        resourceId: row.id,
      }));
    },

    /** Time off overlapping [from, to). */
    async staffTimeOff(
      siteId: string,
      staffMemberIds: readonly string[],
      from: Date,
      to: Date,
    ): Promise<TimeOffRow[]> {
      return staff.timeOffOf(siteId, staffMemberIds, { from, to });
    },

    /** Weekly sessions (expand them in the site's time zone) and one-off sessions overlapping [from, to). */
    async classSessions(
      siteId: string,
      scheduleIds: readonly string[],
      from: Date,
      to: Date,
    ): Promise<{ recurring: RecurringSessionRow[]; sessions: SessionRow[] }> {
      const [recurring, sessions] = await Promise.all([
        schedules.recurringOf(siteId, scheduleIds),
        schedules.sessionsOf(siteId, scheduleIds, { from, to }),
      ]);
      return { recurring, sessions };
    },

    async resourcesOfTypes(siteId: string, resourceTypeIds: readonly string[]): Promise<ResourceRow[]> {
      return entities.resourcesOfTypes(siteId, resourceTypeIds);
    },

    /**
     * The rules a booking of these services must follow: the strictest of their policies, and whether the
     * owner must approve it (any service asking for manual approval).
     */
    async bookingRules(siteId: string, serviceIds: readonly string[]) {
      const rows = await services.findByIds(siteId, serviceIds);
      const policyIds = [...new Set(rows.map((row) => row.bookingPolicyId))];
      const policyRows = policyIds.length
        ? await policies.findByIds(siteId, policyIds)
        : [await deps.policiesService.ensureDefault(siteId)];
      return {
        policy: strictestPolicy(policyRows.map((row) => row.doc as PolicyDoc)),
        requireManualApproval: rows.some((row) => row.requireManualApproval),
        onlineBookingEnabled: rows.every((row) => row.onlineBookingEnabled),
      };
    },

    async serviceVariants(siteId: string, serviceId: string) {
      const row = await options.findByServiceId(siteId, serviceId);
      return row ? { options: row.options, variants: row.variants } : undefined;
    },
  };
}

export type CatalogReader = ReturnType<typeof createCatalogReader>;
