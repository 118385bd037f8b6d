import type {
  AddOn,
  addOnInputSchema,
  bulkAddOnsResponseSchema,
  queryAddOnsResponseSchema,
} from '@atrium/contract/bookings/add-ons';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, postedQuery, segment, send, toPage } from './shared.ts';

export type { AddOn };
export type AddOnInput = z.input<typeof addOnInputSchema>;
export type BulkAddOnsResult = WithDates<z.infer<typeof bulkAddOnsResponseSchema>>;

const base = '/bookings/v1/add-ons';
type AddOnAnswer = { addOn: AddOn };

export const addOnCalls = {
  /**
   * `POST /bookings/v1/add-ons` (business): an extra that lengthens the session (`durationInMinutes`) or
   * is taken in a quantity (`maxQuantity`), priced in the site's currency.
   * @example const towel = await client.bookings.createAddOn({ name: 'Hot towel', price: { value: '5.00' }, durationInMinutes: 10 });
   */
  createAddOn: (context) => (addOn: AddOnInput) =>
    call<AddOnAnswer, 'addOn'>(context, 'POST', base, 'addOn', { addOn }),

  /** `GET /bookings/v1/add-ons/{id}`. */
  getAddOn: (context) => (addOnId: string) =>
    call<AddOnAnswer, 'addOn'>(context, 'GET', `${base}/${segment(addOnId)}`, 'addOn'),

  /**
   * `PATCH /bookings/v1/add-ons/{id}` (business): the masked fields, or the fields given; a stale
   * `revision` fails with `REVISION_MISMATCH`.
   * @example await client.bookings.updateAddOn(towel.id, { price: { value: '6.00' }, revision: towel.revision });
   */
  updateAddOn: (context) => (addOnId: string, addOn: AddOnInput, fieldMask?: string[]) =>
    call<AddOnAnswer, 'addOn'>(context, 'PATCH', `${base}/${segment(addOnId)}`, 'addOn', {
      addOn,
      ...(fieldMask ? { fieldMask } : {}),
    }),

  /** `DELETE /bookings/v1/add-ons/{id}` (business): refused with `ADD_ON_IN_USE` while an add-on group names it. */
  deleteAddOn:
    (context) =>
    async (addOnId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(addOnId)}`);
    },

  /**
   * `POST /bookings/v1/add-ons/query` (cursor paging).
   * @example const { items } = await client.bookings.queryAddOns().ascending('name').find();
   */
  queryAddOns: (context) => () =>
    postedQuery<WithDates<AddOn>, z.infer<typeof queryAddOnsResponseSchema>>(
      context,
      `${base}/query`,
      (answer) => toPage(answer.addOns, answer.pagingMetadata),
      { paging: 'cursor' },
    ),

  /** `POST /bookings/v1/bulk/add-ons/create`: each add-on created on its own. */
  bulkCreateAddOns:
    (context) =>
    (addOns: AddOnInput[], options: { returnEntity?: boolean } = {}): Promise<BulkAddOnsResult> =>
      send(context, 'POST', '/bookings/v1/bulk/add-ons/create', { addOns, ...options }),

  /** `POST /bookings/v1/bulk/add-ons/update`: each add-on updated on its own. */
  bulkUpdateAddOns:
    (context) =>
    (
      addOns: Array<{ addOn: AddOnInput & { id: string }; fieldMask?: string[] }>,
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkAddOnsResult> =>
      send(context, 'POST', '/bookings/v1/bulk/add-ons/update', { addOns, ...options }),

  /** `POST /bookings/v1/bulk/add-ons/delete`: each add-on deleted on its own. */
  bulkDeleteAddOns:
    (context) =>
    (addOnIds: string[]): Promise<BulkAddOnsResult> =>
      send(context, 'POST', '/bookings/v1/bulk/add-ons/delete', { addOnIds }),
} satisfies ModuleDefinition;

/** Add-ons on their own, for apps that need only them. */
export const addOns = defineModule(addOnCalls);
