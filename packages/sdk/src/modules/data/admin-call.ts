import type { ClientContext, RequestOptions } from '../../client.ts';
import { toDataError } from './errors.ts';

/** One call of the data administration modules, its failure as a `DataError` naming the operation. */
export async function adminCall<T>(context: ClientContext, operation: string, request: RequestOptions) {
  try {
    return await context.request<T>(request);
  } catch (error) {
    throw toDataError(error, operation);
  }
}

export const enc = encodeURIComponent;
