import type {
  StoresCollection,
  collectionInputSchema,
  createCollectionRequestSchema,
  queryCollectionsResponseSchema,
} from '@atrium/contract/stores/collections';
import type { z } from 'zod';
import { defineModule, type ClientContext, type ModuleDefinition } from '../../client.ts';
import type { QueryBuilder } from '../../query.ts';
import { call, postedQuery, segment, send, toPage } from '../bookings/shared.ts';

export type { StoresCollection };
export type NewStoresCollection = z.input<typeof createCollectionRequestSchema>['collection'];
export type StoresCollectionInput = z.input<typeof collectionInputSchema>;

const v1 = '/stores/v1/collections';
const v2 = '/stores/v2/collections';
type One = { collection: StoresCollection };

function queryCollections(context: ClientContext): QueryBuilder<StoresCollection> {
  return postedQuery<StoresCollection, z.infer<typeof queryCollectionsResponseSchema>>(
    context,
    `${v2}/query`,
    (answer) => toPage(answer.collections, answer.metadata),
  );
}

/**
 * Store collections (`@wix/stores` collections): v1 writes, v2 reads. Every product is also in the
 * virtual "All products" collection (`allProductsCollectionId`), which cannot be changed.
 */
export const collectionCalls = {
  /**
   * `POST /stores/v1/collections`.
   * @example const summer = await client.storesCollections.createCollection({ name: 'Summer' })
   */
  createCollection: (context) => (collection: NewStoresCollection) =>
    call<One, 'collection'>(context, 'POST', v1, 'collection', { collection }),
  /**
   * `PATCH /stores/v1/collections/{id}`.
   * @example await client.storesCollections.updateCollection(id, { name: 'Summer sale' })
   */
  updateCollection: (context) => (collectionId: string, collection: StoresCollectionInput) =>
    call<One, 'collection'>(context, 'PATCH', `${v1}/${segment(collectionId)}`, 'collection', {
      collection,
    }),
  /** `DELETE /stores/v1/collections/{id}`: its products stay in the store. */
  deleteCollection:
    (context) =>
    async (collectionId: string): Promise<void> => {
      await send(context, 'DELETE', `${v1}/${segment(collectionId)}`);
    },
  /**
   * `POST /stores/v1/collections/{id}/productIds`.
   * @example await client.storesCollections.addProductsToCollection(summer.id, [tee.id])
   */
  addProductsToCollection:
    (context) =>
    async (collectionId: string, productIds: string[]): Promise<void> => {
      await send(context, 'POST', `${v1}/${segment(collectionId)}/productIds`, { productIds });
    },
  /** `POST /stores/v1/collections/{id}/productIds/delete`. */
  removeProductsFromCollection:
    (context) =>
    async (collectionId: string, productIds: string[]): Promise<void> => {
      await send(context, 'POST', `${v1}/${segment(collectionId)}/productIds/delete`, { productIds });
    },
  /** `GET /stores/v2/collections/{id}`. */
  getCollection: (context) => (collectionId: string) =>
    call<One, 'collection'>(context, 'GET', `${v2}/${segment(collectionId)}`, 'collection'),
  /**
   * `GET /stores/v2/collections/slug/{slug}`.
   * @example const gifts = await client.storesCollections.getCollectionBySlug('gifts')
   */
  getCollectionBySlug: (context) => (slug: string) =>
    call<One, 'collection'>(context, 'GET', `${v2}/slug/${segment(slug)}`, 'collection'),
  /**
   * `POST /stores/v2/collections/query` (offset paging).
   * @example const { items } = await client.storesCollections.queryCollections().ascending('name').find()
   */
  queryCollections: (context) => () => queryCollections(context),
} satisfies ModuleDefinition;

/** Store collections as a module of their own. */
export const storesCollections = defineModule(collectionCalls);
