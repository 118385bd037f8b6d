import type { SpecialPermissions, StoredSpecialPermissions } from '@atrium/contract/data-permissions-v1';
import { defineModule } from '../../client.ts';
import { adminCall, enc } from './admin-call.ts';

export type { SpecialPermissions, StoredSpecialPermissions };

type Level = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'CMS_EDITOR' | 'PRIVILEGED';
export interface CollectionPermissions {
  id: string;
  itemRead: Level;
  itemInsert: Level;
  itemUpdate: Level;
  itemRemove: Level;
  specialPermissions: StoredSpecialPermissions[];
}

const path = '/data/v1/permissions';

/**
 * Who may do what with a collection's items: access levels per action, and special permissions for one
 * user or group (ALLOWED or DENIED per action; DENIED wins). Managing them needs the owner, an admin or an app.
 * @example
 * await client.dataPermissions.addSpecialPermissions('Posts', { policyId: 'VISITORS', itemRead: 'DENIED' });
 * const mine = await client.dataPermissions.getMyPermissions('Posts'); // { itemRead: true, ... }
 */
export const dataPermissions = defineModule({
  getPermissions: (context) => async (dataCollectionId: string) =>
    (
      await adminCall<{ dataPermissions: CollectionPermissions }>(context, 'permissions.getPermissions', {
        method: 'GET',
        path,
        query: { dataCollectionId },
      })
    ).dataPermissions,

  updatePermissions:
    (context) =>
    async (dataPermissions: Partial<Omit<CollectionPermissions, 'specialPermissions'>> & { id: string }) =>
      (
        await adminCall<{ dataPermissions: CollectionPermissions }>(
          context,
          'permissions.updatePermissions',
          {
            method: 'POST',
            path,
            body: { dataPermissions },
          },
        )
      ).dataPermissions,

  addSpecialPermissions:
    (context) => async (dataCollectionId: string, specialPermissions: SpecialPermissions) =>
      (
        await adminCall<{ specialPermissions: StoredSpecialPermissions }>(
          context,
          'permissions.addSpecialPermissions',
          {
            method: 'POST',
            path: `${path}/special`,
            body: { dataCollectionId, specialPermissions },
          },
        )
      ).specialPermissions,

  updateSpecialPermissions: (context) => async (id: string, specialPermissions: SpecialPermissions) =>
    (
      await adminCall<{ specialPermissions: StoredSpecialPermissions }>(
        context,
        'permissions.updateSpecialPermissions',
        {
          method: 'POST',
          path: `${path}/special/${enc(id)}`,
          body: { specialPermissions },
        },
      )
    ).specialPermissions,

  removeSpecialPermissions: (context) => async (id: string) =>
    adminCall<Record<string, never>>(context, 'permissions.removeSpecialPermissions', {
      method: 'DELETE',
      path: `${path}/special/${enc(id)}`,
    }),

  getMyPermissions: (context) => async (dataCollectionId: string) =>
    adminCall<{ itemRead: boolean; itemInsert: boolean; itemUpdate: boolean; itemRemove: boolean }>(
      context,
      'permissions.getMyPermissions',
      { method: 'GET', path: `${path}/current`, query: { dataCollectionId } },
    ),
});
