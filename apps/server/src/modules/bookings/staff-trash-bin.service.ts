import type { StaffMember } from '@atrium/contract/bookings/staff';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/errors/app-error.ts';
import { catalogueEvents, type PublishCatalogueEvent } from './catalogue-events.ts';
import type { ServicesRepository } from './services.repository.ts';
import type { StaffRepository } from './staff.repository.ts';
import type { StaffService } from './staff.service.ts';

const day = 86_400_000;
const defaultLimit = 50;

/** How long a deleted staff member stays restorable before the daily purge deletes them for good. */
export const defaultStaffRetentionDays = 30;

interface TrashCursor {
  offset: number;
  ids?: string[];
}

function encodeCursor(cursor: TrashCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(value: string): TrashCursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as TrashCursor;
    if (Number.isInteger(cursor.offset) && cursor.offset >= 0) return cursor;
  } catch {
    // answered below
  }
  throw badRequest('INVALID_CURSOR', 'paging.cursor is not a cursor this call gave');
}

/**
 * The staff trash bin (README, "Staff trash bin"): deleting a staff member moves them here with their
 * hours, time off and the services they gave; they can be listed, read, restored, or removed for good,
 * and the daily purge removes those deleted more than the retention period ago. Those past it read as
 * gone at once, whenever the purge runs.
 */
export function createStaffTrashBinService(deps: {
  database: Database;
  staff: StaffRepository;
  services: ServicesRepository;
  staffService: StaffService;
  publish: PublishCatalogueEvent;
  retentionDays?: number;
}) {
  const { database, staff, services, staffService, publish } = deps;
  const retentionMs = (deps.retentionDays ?? defaultStaffRetentionDays) * day;
  const oldestKept = (now: Date) => new Date(now.getTime() - retentionMs);

  async function requireDeleted(ctx: RequestContext, id: string, executor: Executor = database.db) {
    const row = await staff.findDeleted(ctx.site.id, id, oldestKept(ctx.now()), executor);
    if (!row) throw notFound('Deleted staff member', id);
    return row;
  }

  return {
    retentionDays: retentionMs / day,

    async list(
      ctx: RequestContext,
      request: { staffMemberIds?: string[]; limit?: number | null; cursor?: string | null },
    ) {
      const carried: TrashCursor = request.cursor
        ? decodeCursor(request.cursor)
        : { offset: 0, ids: request.staffMemberIds };
      const limit = request.limit ?? defaultLimit;
      const rows = await staff.listDeleted(ctx.site.id, {
        ids: carried.ids,
        since: oldestKept(ctx.now()),
        limit: limit + 1,
        offset: carried.offset,
      });
      const page = rows.slice(0, limit);
      const hasNext = rows.length > limit;
      return {
        staffMembers: await staffService.wire(ctx, page),
        pagingMetadata: {
          count: page.length,
          cursors: hasNext ? { next: encodeCursor({ ...carried, offset: carried.offset + limit }) } : {},
          hasNext,
        },
      };
    },

    async get(ctx: RequestContext, id: string): Promise<StaffMember> {
      const [wire] = await staffService.wire(ctx, [await requireDeleted(ctx, id)]);
      return wire!;
    },

    /** Deletes a staff member in the trash bin for good (their hours and time off go with them). */
    async remove(ctx: RequestContext, id: string): Promise<void> {
      await requireDeleted(ctx, id);
      await staff.purge(ctx.site.id, id);
    },

    /**
     * Brings a staff member back with their hours and time off, on the services they gave that still
     * exist. External calendars disconnected at deletion stay disconnected (connect them again), and a
     * user connection another staff member has taken since is dropped.
     */
    async restore(ctx: RequestContext, id: string): Promise<StaffMember> {
      return database.transaction(async (tx) => {
        const trashed = await requireDeleted(ctx, id, tx);
        let row = (await staff.restore(ctx.site.id, id, tx))!;
        const email = row.userConnectionEmail;
        if (
          email &&
          (await staff.connectedToEmail(ctx.site.id, email, tx)).some((other) => other.id !== id)
        ) {
          row = (await staff.setUserConnection(
            ctx.site.id,
            id,
            { userConnectionEmail: null, userConnectionStatus: null, userConnectionDate: null, userId: null },
            tx,
          ))!;
        }
        const given = trashed.servicesBeforeDelete ?? [];
        if (given.length > 0) {
          const alive = await services.findByIds(ctx.site.id, given, tx);
          await services.setStaffMemberOnServices(
            ctx.site.id,
            id,
            alive.map((service) => service.id),
            tx,
          );
        }
        const [wire] = await staffService.wire(ctx, [row], tx);
        await publish(tx, ctx.site.id, catalogueEvents.staffMemberCreated, { entity: wire });
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
          staffMemberId: id,
          reason: 'SERVICES',
        });
        return wire!;
      });
    },

    /** The daily purge (every site): deletes for good those deleted more than the retention period ago. */
    purgeExpired: (now: Date) => staff.purgeDeletedBefore(oldestKept(now)),
  };
}

export type StaffTrashBinService = ReturnType<typeof createStaffTrashBinService>;
