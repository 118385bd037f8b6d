import { dataErrorCodes } from '@atrium/contract/data';
import { AppError, conflict } from '../../platform/errors/app-error.ts';

export function collectionNotFound(collectionId: string): AppError {
  return new AppError(404, dataErrorCodes.collectionNotFound, `Collection ${collectionId} does not exist`, {
    data: { dataCollectionId: collectionId },
  });
}

export function itemNotFound(collectionId: string, itemId: string): AppError {
  return new AppError(
    404,
    dataErrorCodes.itemNotFound,
    `Item ${itemId} does not exist in collection ${collectionId}`,
    { data: { dataCollectionId: collectionId, dataItemId: itemId } },
  );
}

export function itemAlreadyExists(collectionId: string, itemId: string): AppError {
  return conflict(
    dataErrorCodes.itemAlreadyExists,
    `An item with _id ${itemId} already exists in collection ${collectionId}`,
    { dataCollectionId: collectionId, dataItemId: itemId },
  );
}

export function operationDenied(collectionId: string, operation: string, required: string): AppError {
  return new AppError(
    403,
    dataErrorCodes.permissionDenied,
    `You may not ${operation} items of collection ${collectionId} (requires ${required})`,
    { data: { dataCollectionId: collectionId, operation, required } },
  );
}

export function tooManyItems(count: number, code: string = dataErrorCodes.tooManyItems): AppError {
  return new AppError(400, code, `A bulk call takes at most 1000 items; this one has ${count}`, {
    data: { count, max: 1000 },
  });
}

export function uniqueViolation(collectionId: string, itemId: string | undefined): AppError {
  return conflict(
    dataErrorCodes.uniqueViolation,
    `A unique index of collection ${collectionId} already holds this value${itemId ? ` (item ${itemId})` : ''}`,
    { dataCollectionId: collectionId, ...(itemId ? { dataItemId: itemId } : {}) },
  );
}

export function referenceError(message: string, data: Record<string, unknown>): AppError {
  return new AppError(400, dataErrorCodes.referenceError, message, { data });
}

/** Spec §8 WDE0109: too large. Here: more text than the search index holds for one item. */
export function itemTooLarge(collectionId: string): AppError {
  return new AppError(
    413,
    dataErrorCodes.itemTooLarge,
    `The item is too large for collection ${collectionId}: its text exceeds the 1 MB search index limit`,
    { data: { dataCollectionId: collectionId } },
  );
}
