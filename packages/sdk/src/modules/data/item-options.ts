import type { ReadOptions, FindOptions } from './query.ts';
import type { DataFilter, Filter } from './filter.ts';

export interface GetOptions extends ReadOptions {
  /** Only these fields (`_id` is always kept). */
  fields?: string[];
}

export interface WriteOptions {
  suppressAuth?: boolean;
  suppressHooks?: boolean;
  showDrafts?: boolean;
  consistentRead?: boolean;
  language?: string;
  /** Return referenced items in place of their ids. */
  includeReferences?: boolean;
}

export interface ConditionalOptions extends WriteOptions {
  /** The change happens only when the stored item matches (otherwise 409 CONDITION_NOT_MET). */
  condition?: DataFilter;
}

export interface BulkInsertOptions {
  suppressAuth?: boolean;
  suppressHooks?: boolean;
  /** Items whose `_id` exists are replaced instead of skipped. */
  overrideExisting?: boolean;
}

export interface BulkUpdateOptions {
  suppressAuth?: boolean;
  suppressHooks?: boolean;
  showDrafts?: boolean;
}

export interface TruncateOptions {
  suppressAuth?: boolean;
}

export interface ReferencedOptions extends FindOptions {
  /** Page size (default 50). */
  limit?: number;
  skip?: number;
  order?: 'asc' | 'desc' | 'ASC' | 'DESC';
  fields?: string[];
}

export interface DistinctOptions extends FindOptions {
  filter?: DataFilter | Filter;
  order?: 'ASC' | 'DESC';
  paging?: { limit?: number; offset?: number };
}

/** A referring or referenced item: its id, or the item itself. */
export type ReferenceTarget = string | { _id: string };

export interface DataReference {
  relationshipName: string;
  left: ReferenceTarget;
  right: ReferenceTarget;
}
