import type {
  Ribbon,
  RibbonInput,
  ribbonRequestedFields,
  bulkRibbonsResponseSchema,
  bulkDeleteRibbonsResponseSchema,
} from '@atrium/contract/stores/ribbons';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment, send } from '../bookings/shared.ts';
import { fieldsQuery, v3Count, v3Query, type BulkOptions, type FieldsOption } from './v3-shared.ts';

export type { Ribbon, RibbonInput };
export type RibbonField = (typeof ribbonRequestedFields)[number];
export type BulkRibbonsResult = WithDates<z.infer<typeof bulkRibbonsResponseSchema>>;
export type BulkDeleteRibbonsResult = z.infer<typeof bulkDeleteRibbonsResponseSchema>;

const ribbons = '/stores/v3/ribbons';
const bulk = '/stores/v3/bulk/ribbons';
type One = { ribbon: Ribbon };

/** Catalog v3 ribbons: a highlight label (`Sale`, `New`) unique by name per site that products carry. */
export const ribbonCalls = {
  /**
   * `POST /stores/v3/ribbons`; a name the site already has is a 409 `RIBBON_NAME_ALREADY_EXISTS`.
   * @example const ribbon = await client.stores.createRibbon({ name: 'Sale' })
   */
  createRibbon: (context) => (ribbon: RibbonInput) =>
    call<One, 'ribbon'>(context, 'POST', ribbons, 'ribbon', { ribbon }),
  /** `GET /stores/v3/ribbons/{id}`; `fields: ['ASSIGNED_PRODUCT_COUNT']` adds how many products carry it. */
  getRibbon:
    (context) =>
    async (ribbonId: string, options: FieldsOption<RibbonField> = {}) =>
      (
        await context.request<One>({
          method: 'GET',
          path: `${ribbons}/${segment(ribbonId)}`,
          query: fieldsQuery(options.fields),
        })
      ).ribbon,
  /**
   * `PATCH /stores/v3/ribbons/{id}`: send the revision the change is based on (a stale one is a 409).
   * @example await client.stores.updateRibbon(ribbon.id, { name: 'On sale', revision: ribbon.revision })
   */
  updateRibbon:
    (context) =>
    (
      ribbonId: string,
      ribbon: RibbonInput,
      options: FieldsOption<RibbonField> & { fieldMask?: string[] } = {},
    ) =>
      call<One, 'ribbon'>(context, 'PATCH', `${ribbons}/${segment(ribbonId)}`, 'ribbon', {
        ribbon,
        ...options,
      }),
  /** `DELETE /stores/v3/ribbons/{id}`: products that carried it no longer do. */
  deleteRibbon:
    (context) =>
    async (ribbonId: string): Promise<void> => {
      await send(context, 'DELETE', `${ribbons}/${segment(ribbonId)}`);
    },
  /**
   * `POST /stores/v3/ribbons/query` (cursor paging), as the official client sends it.
   * @example const { items } = await client.stores.queryRibbons().startsWith('name', 'S').ascending('name').find();
   */
  queryRibbons:
    (context) =>
    (options: FieldsOption<RibbonField> = {}) =>
      v3Query<Ribbon>(context, {
        path: `${ribbons}/query`,
        key: 'ribbons',
        method: 'POST',
        fields: options.fields,
      }),
  /** `POST /stores/v3/ribbons/count`. */
  countRibbons: (context) => (filter?: Filter) => v3Count(context, `${ribbons}/count`, filter),
  /** `POST /stores/v3/ribbons/get-or-create`: the ribbon of this name, created when there is none. */
  getOrCreateRibbon:
    (context) =>
    (ribbonName: string, options: FieldsOption<RibbonField> = {}) =>
      call<One, 'ribbon'>(context, 'POST', `${ribbons}/get-or-create`, 'ribbon', { ribbonName, ...options }),
  /** `POST /stores/v3/bulk/ribbons/create`: each ribbon on its own (a taken name fails alone). */
  bulkCreateRibbons:
    (context) =>
    (items: RibbonInput[], options: BulkOptions = {}): Promise<BulkRibbonsResult> =>
      send(context, 'POST', `${bulk}/create`, { ribbons: items, ...options }),
  /** `POST /stores/v3/bulk/ribbons/update`: each `{ribbon: {id, revision, ...}, fieldMask?}`. */
  bulkUpdateRibbons:
    (context) =>
    (
      items: Array<{ ribbon: RibbonInput & { id: string }; fieldMask?: string[] }>,
      options: BulkOptions & FieldsOption<RibbonField> = {},
    ): Promise<BulkRibbonsResult> =>
      send(context, 'POST', `${bulk}/update`, { ribbons: items, ...options }),
  /** `POST /stores/v3/bulk/ribbons/get-or-create`: the ribbons of these names, creating the missing ones. */
  bulkGetOrCreateRibbons:
    (context) =>
    (ribbonNames: string[], options: FieldsOption<RibbonField> = {}): Promise<BulkRibbonsResult> =>
      send(context, 'POST', `${bulk}/get-or-create`, { ribbonNames, ...options }),
  /** `POST /stores/v3/bulk/ribbons/delete`. */
  bulkDeleteRibbons:
    (context) =>
    (ribbonIds: string[]): Promise<BulkDeleteRibbonsResult> =>
      send(context, 'POST', `${bulk}/delete`, { ribbonIds }),
} satisfies ModuleDefinition;
