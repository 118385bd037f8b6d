import type {
  bulkCustomizationsResponseSchema,
  ChoiceInput,
  Customization,
  CustomizationInput,
  customizationRequestedFields,
} from '@atrium/contract/stores/customizations';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import type { ClientContext, ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment, send } from '../bookings/shared.ts';
import { fieldsQuery, v3Count, v3Query, type BulkOptions, type FieldsOption } from './v3-shared.ts';

export type { ChoiceInput, Customization, CustomizationInput };
export type CustomizationField = (typeof customizationRequestedFields)[number];
export type BulkCustomizationsResult = WithDates<z.infer<typeof bulkCustomizationsResponseSchema>>;
type Options = FieldsOption<CustomizationField>;
type RevisionOptions = Options & { revision?: string };

const customizations = '/stores/v3/customizations';
const bulk = '/stores/v3/bulk/customizations';
type One = { customization: Customization };

function choiceCall(context: ClientContext, id: string, action: string, body: object) {
  return call<One, 'customization'>(
    context,
    'POST',
    `${customizations}/${segment(id)}/${action}`,
    'customization',
    body,
  );
}

/** Catalog v3 customizations: product options (choices that make variants) and modifiers. */
export const customizationCalls = {
  /**
   * `POST /stores/v3/customizations`; choices get ids from the server.
   * @example await client.stores.createCustomization({ name: 'Size', customizationType: 'PRODUCT_OPTION', customizationRenderType: 'TEXT_CHOICES', choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] } })
   */
  createCustomization: (context) => (customization: CustomizationInput) =>
    call<One, 'customization'>(context, 'POST', customizations, 'customization', { customization }),
  /** `GET /stores/v3/customizations/{id}`. */
  getCustomization:
    (context) =>
    async (customizationId: string, options: Options = {}) =>
      (
        await context.request<One>({
          method: 'GET',
          path: `${customizations}/${segment(customizationId)}`,
          query: fieldsQuery(options.fields),
        })
      ).customization,
  /** `PATCH /stores/v3/customizations/{id}`: name and free-text settings; send the revision. */
  updateCustomization:
    (context) =>
    (customizationId: string, customization: CustomizationInput, options: Options = {}) =>
      call<One, 'customization'>(
        context,
        'PATCH',
        `${customizations}/${segment(customizationId)}`,
        'customization',
        { customization, ...options },
      ),
  /** `DELETE /stores/v3/customizations/{id}`. */
  deleteCustomization:
    (context) =>
    async (customizationId: string): Promise<void> => {
      await send(context, 'DELETE', `${customizations}/${segment(customizationId)}`);
    },
  /**
   * `GET /stores/v3/customizations/query` (`.r`, cursor paging).
   * @example await client.stores.queryCustomizations().eq('customizationType', 'MODIFIER').find()
   */
  queryCustomizations:
    (context) =>
    (options: Options = {}) =>
      v3Query<Customization>(context, {
        path: `${customizations}/query`,
        key: 'customizations',
        method: 'GET',
        fields: options.fields,
      }),
  /** `POST /stores/v3/customizations/count`. */
  countCustomizations: (context) => (filter?: Filter) => v3Count(context, `${customizations}/count`, filter),
  /** `POST .../{id}/add-choices`: after the existing choices. */
  addCustomizationChoices:
    (context) =>
    (customizationId: string, choices: ChoiceInput[], options: Options = {}) =>
      choiceCall(context, customizationId, 'add-choices', { choices, ...options }),
  /** `POST .../{id}/set-choices`: the whole list; choices naming an existing id keep it. */
  setCustomizationChoices:
    (context) =>
    (customizationId: string, choices: ChoiceInput[], options: Options = {}) =>
      choiceCall(context, customizationId, 'set-choices', { choices, ...options }),
  /** `POST .../{id}/remove-choices`. */
  removeCustomizationChoices:
    (context) =>
    (customizationId: string, choiceIds: string[], options: RevisionOptions = {}) =>
      choiceCall(context, customizationId, 'remove-choices', { choiceIds, ...options }),
  /** `POST .../{id}/update-choices`: each choice names its id. */
  updateCustomizationChoices:
    (context) =>
    (customizationId: string, choices: Array<ChoiceInput & { id: string }>, options: RevisionOptions = {}) =>
      choiceCall(context, customizationId, 'update-choices', {
        choices: choices.map((choice) => ({ choice })),
        ...options,
      }),
  /** `POST .../{id}/reorder-choices`: every choice id once, in the new order. */
  reorderCustomizationChoices:
    (context) =>
    (customizationId: string, choiceIds: string[], options: RevisionOptions = {}) =>
      choiceCall(context, customizationId, 'reorder-choices', { choiceIds, ...options }),
  /** `POST /stores/v3/bulk/customizations/create`. */
  bulkCreateCustomizations:
    (context) =>
    (items: CustomizationInput[], options: BulkOptions = {}): Promise<BulkCustomizationsResult> =>
      send(context, 'POST', `${bulk}/create`, { customizations: items, ...options }),
  /** `POST /stores/v3/bulk/customizations/update`: each names its id and revision. */
  bulkUpdateCustomizations:
    (context) =>
    (
      items: Array<CustomizationInput & { id: string }>,
      options: BulkOptions & Options = {},
    ): Promise<BulkCustomizationsResult> =>
      send(context, 'POST', `${bulk}/update`, {
        customizations: items.map((customization) => ({ customization })),
        ...options,
      }),
  /** `POST /stores/v3/bulk/customizations/add-choices`. */
  bulkAddCustomizationChoices:
    (context) =>
    (
      items: Array<{ customizationId: string; choices: ChoiceInput[] }>,
      options: BulkOptions & Options = {},
    ): Promise<BulkCustomizationsResult> =>
      send(context, 'POST', `${bulk}/add-choices`, { customizationsChoices: items, ...options }),
} satisfies ModuleDefinition;
