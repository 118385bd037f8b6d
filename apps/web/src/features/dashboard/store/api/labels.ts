import { useQuery } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { allPages } from './all-pages.ts';
import { labelsKey, storeKey } from './keys.ts';
import { store } from './store-client.ts';

export type LabelKind = 'brand' | 'ribbon';

/** A brand or ribbon as the page lists it: its name and how many products carry it. */
export interface Label {
  id: string;
  name: string;
  products: number;
}

async function labels(kind: LabelKind): Promise<Label[]> {
  const all =
    kind === 'brand'
      ? await allPages(store.brands.queryBrands({ fields: ['ASSIGNED_PRODUCTS_COUNT'] }).ascending('name'))
      : await allPages(store.ribbons.queryRibbons({ fields: ['ASSIGNED_PRODUCT_COUNT'] }).ascending('name'));
  return all.items.map((item) => ({
    id: item.id,
    name: item.name,
    products:
      ('assignedProductsCount' in item ? item.assignedProductsCount : undefined) ??
      ('assignedProductCount' in item ? item.assignedProductCount : undefined) ??
      0,
  }));
}

/** The site's brands or ribbons by name. */
export function useLabels(kind: LabelKind) {
  return useQuery({ queryKey: [...labelsKey, kind], queryFn: () => labels(kind) });
}

export function useCreateLabel(options: ActionOptions<unknown, { kind: LabelKind; name: string }> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: ({ kind, name }) =>
      kind === 'brand' ? store.brands.createBrand({ name }) : store.ribbons.createRibbon({ name }),
    invalidates: [storeKey],
  });
}

export function useDeleteLabel(options: ActionOptions<void, { kind: LabelKind; label: Label }> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: ({ kind, label }) =>
      kind === 'brand' ? store.brands.deleteBrand(label.id) : store.ribbons.deleteRibbon(label.id),
    invalidates: [storeKey],
  });
}
