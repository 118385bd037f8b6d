import { randomUUID } from 'node:crypto';
import type { CustomLineItemInput, LineItemInput } from '@atrium/contract/ecom/common';
import type { RequestContext } from '../../platform/context.ts';
import type { CustomLineDoc, LineDoc } from './ecom-docs.ts';
import { ecomErrors } from './ecom.errors.ts';
import { isBusinessCaller } from './ecom-access.ts';
import { sameReference, type DescribedLine } from './catalog-lines.ts';
import { invalidField } from '../../platform/errors/app-error.ts';

/** Line edits shared by carts and checkouts (pure: they return the new list). */

const maxLines = 300;

function customLineOf(input: CustomLineItemInput): CustomLineDoc {
  return {
    productName: input.productName.original,
    price: input.price,
    ...(input.fullPrice ? { fullPrice: input.fullPrice } : {}),
    itemType: {
      ...(input.itemType.preset ? { preset: input.itemType.preset } : {}),
      ...(input.itemType.custom ? { custom: input.itemType.custom } : {}),
    },
    ...(input.descriptionLines ? { descriptionLines: input.descriptionLines } : {}),
    ...(input.media ? { media: input.media } : {}),
    ...(input.physicalProperties?.sku ? { sku: input.physicalProperties.sku } : {}),
    ...(typeof input.physicalProperties?.shippable === 'boolean'
      ? { shippable: input.physicalProperties.shippable }
      : {}),
  };
}

/** New lines as the request gives them; custom lines set their own price, so only the business adds them. */
export function linesFromRequest(
  ctx: RequestContext,
  lineItems: readonly LineItemInput[] | null | undefined,
  customLineItems: readonly CustomLineItemInput[] | null | undefined,
): LineDoc[] {
  if ((customLineItems?.length ?? 0) > 0 && !isBusinessCaller(ctx.caller.identityType)) {
    throw ecomErrors.customLinesForBusiness();
  }
  return [
    ...(lineItems ?? []).map((input) => ({
      id: randomUUID(),
      quantity: input.quantity,
      catalogReference: {
        appId: input.catalogReference.appId,
        catalogItemId: input.catalogReference.catalogItemId,
        ...(input.catalogReference.options ? { options: input.catalogReference.options } : {}),
      },
    })),
    ...(customLineItems ?? []).map((input) => ({
      id: randomUUID(),
      quantity: input.quantity,
      custom: customLineOf(input),
    })),
  ];
}

/** Adds lines: the same item with the same options twice is one line with the quantities added. */
export function addLines(existing: readonly LineDoc[], added: readonly LineDoc[]): LineDoc[] {
  const result = existing.map((line) => ({ ...line }));
  for (const line of added) {
    const same = result.find((candidate) => sameReference(candidate, line));
    if (same) same.quantity = same.fixedQuantity ? 1 : Math.min(same.quantity + line.quantity, 100_000);
    else result.push({ ...line });
  }
  if (result.length > maxLines) {
    throw invalidField('lineItems', `a cart holds at most ${maxLines} lines`, 'MAX_SIZE');
  }
  return result;
}

export function removeLines(existing: readonly LineDoc[], ids: readonly string[]): LineDoc[] {
  const unknown = ids.filter((id) => !existing.some((line) => line.id === id));
  if (unknown.length > 0) throw ecomErrors.lineItemNotFound(unknown[0]!);
  return existing.filter((line) => !ids.includes(line.id));
}

export function updateQuantities(
  existing: readonly LineDoc[],
  updates: ReadonlyArray<{ id: string; quantity: number }>,
): LineDoc[] {
  for (const update of updates) {
    if (!existing.some((line) => line.id === update.id)) throw ecomErrors.lineItemNotFound(update.id);
  }
  return existing.map((line) => {
    const update = updates.find((candidate) => candidate.id === line.id);
    return update && !line.fixedQuantity ? { ...line, quantity: update.quantity } : line;
  });
}

/**
 * New lines as they may be kept, checked against the catalog before any row is locked: a line naming
 * nothing the catalog knows is refused (404 naming the item); a line sold one at a time (a booking) keeps
 * quantity 1.
 */
export function checkNewLines(described: readonly DescribedLine[]): LineDoc[] {
  return described.map((entry) => {
    if (entry.availability.status === 'NOT_FOUND' && entry.line.catalogReference) {
      throw ecomErrors.catalogItemNotFound(
        entry.line.catalogReference.appId,
        entry.line.catalogReference.catalogItemId,
      );
    }
    return entry.fixedQuantity ? { ...entry.line, quantity: 1, fixedQuantity: true } : entry.line;
  });
}
