import { randomUUID } from 'node:crypto';
import type { DataPermissions, DataRole } from '@atrium/contract/data';
import {
  dataPermissionsErrorCodes,
  type SpecialPermissions,
  type StoredSpecialPermissions,
} from '@atrium/contract/data-permissions-v1';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError, forbidden, invalidField } from '../../platform/errors/app-error.ts';
import type { CollectionsService } from './collections.service.ts';
import {
  accessFor,
  canManageSchema,
  withSpecialPermissions,
  type DataOperation,
} from './data-permissions.ts';
import { collectionNotFound } from './data.errors.ts';
import type { PermissionsRepository } from './permissions.repository.ts';

type Level = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'CMS_EDITOR' | 'PRIVILEGED';

/** ADMIN (the collections client's role) admits the same callers as CMS_EDITOR. */
function levelOf(role: DataRole): Level {
  return role === 'ADMIN' ? 'CMS_EDITOR' : role;
}

function rulesNotFound(id: string): AppError {
  return new AppError(
    404,
    dataPermissionsErrorCodes.specialPermissionsNotFound,
    `Special permissions ${id} do not exist`,
    {
      data: { specialPermissionsId: id },
    },
  );
}

function checkSubject(rule: SpecialPermissions, path: string) {
  if (!rule.userId === !rule.policyId)
    throw invalidField(`${path}.userId`, 'give exactly one of userId and policyId');
}

function stored(rule: SpecialPermissions, id: string): StoredSpecialPermissions {
  return {
    id,
    ...(rule.userId ? { userId: rule.userId } : { policyId: rule.policyId }),
    itemRead: rule.itemRead ?? 'UNSPECIFIED',
    itemInsert: rule.itemInsert ?? 'UNSPECIFIED',
    itemUpdate: rule.itemUpdate ?? 'UNSPECIFIED',
    itemRemove: rule.itemRemove ?? 'UNSPECIFIED',
  };
}

/** Permissions v1: access levels per action and special permissions per subject, on the collection's row. */
export function createPermissionsService(deps: {
  database: Database;
  repository: PermissionsRepository;
  collections: CollectionsService;
}) {
  const { repository, collections } = deps;

  function requireManager(ctx: RequestContext) {
    if (!canManageSchema(ctx.caller))
      throw forbidden('Only the site owner, admins and apps manage permissions');
  }

  async function view(ctx: RequestContext, collectionId: string) {
    const schema = await collections.schemaOf(ctx, collectionId);
    return {
      dataPermissions: {
        id: collectionId,
        itemRead: levelOf(schema.permissions.read),
        itemInsert: levelOf(schema.permissions.insert),
        itemUpdate: levelOf(schema.permissions.update),
        itemRemove: levelOf(schema.permissions.remove),
        specialPermissions: schema.specialPermissions,
      },
    };
  }

  return {
    async get(ctx: RequestContext, collectionId: string) {
      requireManager(ctx);
      return view(ctx, collectionId);
    },

    async update(
      ctx: RequestContext,
      input: {
        id: string;
        itemRead?: Level | null;
        itemInsert?: Level | null;
        itemUpdate?: Level | null;
        itemRemove?: Level | null;
      },
    ) {
      requireManager(ctx);
      const current = await collections.get(ctx, input.id);
      const permissions: DataPermissions = {
        read: input.itemRead ?? current.permissions.read,
        insert: input.itemInsert ?? current.permissions.insert,
        update: input.itemUpdate ?? current.permissions.update,
        remove: input.itemRemove ?? current.permissions.remove,
      };
      await collections.update(ctx, { id: input.id, permissions });
      return view(ctx, input.id);
    },

    async addSpecial(ctx: RequestContext, collectionId: string, rule: SpecialPermissions) {
      requireManager(ctx);
      checkSubject(rule, 'specialPermissions');
      const added = stored(rule, randomUUID());
      await deps.database.transaction(async (tx) => {
        const rules = await repository.rulesOf(ctx.site.id, collectionId, tx);
        if (!rules) throw collectionNotFound(collectionId);
        if (rules.length >= 100)
          throw invalidField('specialPermissions', 'a collection holds at most 100 special permissions');
        await repository.setSpecialPermissions(ctx.site.id, collectionId, [...rules, added], tx);
      });
      collections.forgetSchema(ctx, collectionId);
      return { specialPermissions: added };
    },

    async updateSpecial(ctx: RequestContext, id: string, rule: SpecialPermissions) {
      requireManager(ctx);
      checkSubject(rule, 'specialPermissions');
      const updated = stored(rule, id);
      const collectionId = await deps.database.transaction(async (tx) => {
        const holder = await repository.collectionWithRule(ctx.site.id, id, tx);
        if (!holder) throw rulesNotFound(id);
        await repository.setSpecialPermissions(
          ctx.site.id,
          holder.id,
          holder.rules.map((existing) => (existing.id === id ? updated : existing)),
          tx,
        );
        return holder.id;
      });
      collections.forgetSchema(ctx, collectionId);
      return { specialPermissions: updated };
    },

    async removeSpecial(ctx: RequestContext, id: string) {
      requireManager(ctx);
      const collectionId = await deps.database.transaction(async (tx) => {
        const holder = await repository.collectionWithRule(ctx.site.id, id, tx);
        if (!holder) throw rulesNotFound(id);
        await repository.setSpecialPermissions(
          ctx.site.id,
          holder.id,
          holder.rules.filter((existing) => existing.id !== id),
          tx,
        );
        return holder.id;
      });
      collections.forgetSchema(ctx, collectionId);
      return {};
    },

    /** What the caller may do with the collection's items, by the same check the item calls make. */
    async mine(ctx: RequestContext, collectionId: string) {
      const schema = await collections.schemaOf(ctx, collectionId);
      const allowed = (operation: DataOperation) =>
        withSpecialPermissions(
          ctx.caller,
          operation,
          accessFor(ctx.caller, schema.permissions[operation]),
          schema.specialPermissions,
        ).allowed;
      return {
        itemRead: allowed('read'),
        itemInsert: allowed('insert'),
        itemUpdate: allowed('update'),
        itemRemove: allowed('remove'),
      };
    },
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
