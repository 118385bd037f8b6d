import type {
  bulkDeleteInfoSectionsResponseSchema,
  bulkInfoSectionsResponseSchema,
  InfoSection,
  InfoSectionInput,
  infoSectionRequestedFields,
} from '@atrium/contract/stores/info-sections';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment, send } from '../bookings/shared.ts';
import { fieldsQuery, v3Count, v3Query, type BulkOptions, type FieldsOption } from './v3-shared.ts';

export type { InfoSection, InfoSectionInput };
export type InfoSectionField = (typeof infoSectionRequestedFields)[number];
export type BulkInfoSectionsResult = WithDates<z.infer<typeof bulkInfoSectionsResponseSchema>>;
export type BulkDeleteInfoSectionsResult = z.infer<typeof bulkDeleteInfoSectionsResponseSchema>;
type Options = FieldsOption<InfoSectionField>;

const infoSections = '/stores/v3/info-sections';
const bulk = '/stores/v3/bulk/info-sections';
type One = { infoSection: InfoSection };

/** Catalog v3 info sections: titled rich text products share, unique by `uniqueName` per site. */
export const infoSectionCalls = {
  /**
   * `POST /stores/v3/info-sections`; HTML in `plainDescription` becomes rich content.
   * @example await client.stores.createInfoSection({ uniqueName: 'care', title: 'Care', plainDescription: '<p>Hand wash</p>' })
   */
  createInfoSection: (context) => (infoSection: InfoSectionInput) =>
    call<One, 'infoSection'>(context, 'POST', infoSections, 'infoSection', { infoSection }),
  /** `GET /stores/v3/info-sections/{id}`. */
  getInfoSection:
    (context) =>
    async (infoSectionId: string, options: Options = {}) =>
      (
        await context.request<One>({
          method: 'GET',
          path: `${infoSections}/${segment(infoSectionId)}`,
          query: fieldsQuery(options.fields),
        })
      ).infoSection,
  /** `PATCH /stores/v3/info-sections/{id}`: send the revision. */
  updateInfoSection:
    (context) =>
    (
      infoSectionId: string,
      infoSection: InfoSectionInput,
      options: Options & { fieldMask?: string[] } = {},
    ) =>
      call<One, 'infoSection'>(context, 'PATCH', `${infoSections}/${segment(infoSectionId)}`, 'infoSection', {
        infoSection,
        ...options,
      }),
  /** `DELETE /stores/v3/info-sections/{id}`. */
  deleteInfoSection:
    (context) =>
    async (infoSectionId: string): Promise<void> => {
      await send(context, 'DELETE', `${infoSections}/${segment(infoSectionId)}`);
    },
  /** `GET /stores/v3/info-sections/query` (`.r`, cursor paging). */
  queryInfoSections:
    (context) =>
    (options: Options = {}) =>
      v3Query<InfoSection>(context, {
        path: `${infoSections}/query`,
        key: 'infoSections',
        method: 'GET',
        fields: options.fields,
      }),
  /** `POST /stores/v3/info-sections/count`. */
  countInfoSections: (context) => (filter?: Filter) => v3Count(context, `${infoSections}/count`, filter),
  /** `POST /stores/v3/info-sections/get-or-create`: by id or `uniqueName`, created from `uniqueName` and `title`. */
  getOrCreateInfoSection:
    (context) =>
    (infoSection: Omit<InfoSectionInput, 'revision'>, options: Options = {}) =>
      call<One, 'infoSection'>(context, 'POST', `${infoSections}/get-or-create`, 'infoSection', {
        infoSection,
        ...options,
      }),
  /** `POST /stores/v3/bulk/info-sections/create`. */
  bulkCreateInfoSections:
    (context) =>
    (items: InfoSectionInput[], options: BulkOptions = {}): Promise<BulkInfoSectionsResult> =>
      send(context, 'POST', `${bulk}/create`, { infoSections: items, ...options }),
  /** `POST /stores/v3/bulk/info-sections/update`: each `{infoSection: {id, revision, ...}, fieldMask?}`. */
  bulkUpdateInfoSections:
    (context) =>
    (
      items: Array<{ infoSection: InfoSectionInput & { id: string }; fieldMask?: string[] }>,
      options: BulkOptions & Options = {},
    ): Promise<BulkInfoSectionsResult> =>
      send(context, 'POST', `${bulk}/update`, { infoSections: items, ...options }),
  /** `POST /stores/v3/bulk/info-sections/get-or-create`. */
  bulkGetOrCreateInfoSections:
    (context) =>
    (
      items: Array<Omit<InfoSectionInput, 'revision'>>,
      options: Options = {},
    ): Promise<BulkInfoSectionsResult> =>
      send(context, 'POST', `${bulk}/get-or-create`, { infoSections: items, ...options }),
  /** `POST /stores/v3/bulk/info-sections/delete`. */
  bulkDeleteInfoSections:
    (context) =>
    (infoSectionIds: string[]): Promise<BulkDeleteInfoSectionsResult> =>
      send(context, 'POST', `${bulk}/delete`, { infoSectionIds }),
} satisfies ModuleDefinition;
