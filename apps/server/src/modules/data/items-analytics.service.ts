import type { DataField, DataItemReference } from '@atrium/contract/data';
import type { Sorting } from '@atrium/contract/query';
import type { RequestContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors/app-error.ts';
import { compileFilter } from '../../platform/query/compile-filter.ts';
import { parseFilter } from '../../platform/query/parse-filter.ts';
import { projectFields } from '../../platform/query/project-fields.ts';
import type { ResolvedField } from '../../platform/query/query-entity.ts';
import { parseSort } from '../../platform/query/sort-keys.ts';
import { itemNotFound } from './data.errors.ts';
import { dataItemsEntity } from './data.repository.ts';
import {
  aggregateEntity,
  type AggregateOutput,
  type ItemsAnalyticsRepository,
  type ValueKind,
} from './items-analytics.repository.ts';
import { referenceId } from './item-values.ts';
import {
  toWireItem,
  type CallScope,
  type IncludeReference,
  type ItemsCore,
  type ItemsDeps,
} from './items.service.ts';
import type { SqlFragment } from '../../platform/db/database.ts';

interface Paging {
  limit?: number | null;
  offset?: number | null;
}

function pageOf(
  paging: Paging | null | undefined,
  cursorPaging: { limit?: number | null } | null | undefined,
  path: string,
) {
  const limit = paging?.limit ?? cursorPaging?.limit ?? 50;
  const offset = paging?.offset ?? 0;
  if (limit > 1000) throw invalidField(`${path}.limit`, 'must be at most 1000', 'MAX');
  return { limit, offset };
}

function resolveField(name: string, path: string): ResolvedField {
  const field = dataItemsEntity.resolve(name);
  if (!field)
    throw invalidField(path, `${name} is not a field name that can be used here`, 'FIELD_NOT_ALLOWED');
  return field;
}

/** What min and max compare: the declared type, else numbers (sum and average always take numbers). */
function valueKind(fields: readonly DataField[], name: string, field: ResolvedField): ValueKind {
  if (field.kind === 'column') return field.type === 'date' ? 'date' : 'string';
  const declared = fields.find((candidate) => candidate.key === name)?.type;
  if (declared === 'DATETIME' || declared === 'DATE') return 'date';
  if (declared && declared !== 'NUMBER' && declared !== 'ANY') return 'string';
  return 'number';
}

interface AggregateOperation {
  resultFieldName: string;
  average?: { itemFieldName: string };
  min?: { itemFieldName: string };
  max?: { itemFieldName: string };
  sum?: { itemFieldName: string };
  itemCount?: object;
}

/** Terms of a search expression: letters and digits only, so nothing reaches tsquery syntax. */
export function searchTerms(expression: string): string[] {
  return [...new Set((expression.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 20))];
}

/**
 * One aggregation operation checked and resolved: exactly one of average, min, max, sum or itemCount, on a
 * field the items have.
 */
function aggregateOutput(
  operation: AggregateOperation,
  index: number,
  fields: readonly DataField[],
): AggregateOutput {
  const path = `aggregation.operations[${index}]`;
  const kinds = (['average', 'min', 'max', 'sum', 'itemCount'] as const).filter(
    (key) => operation[key] !== undefined,
  );
  if (kinds.length !== 1) {
    throw invalidField(path, 'give exactly one of average, min, max, sum or itemCount');
  }
  const kind = kinds[0]!;
  if (kind === 'itemCount') return { resultFieldName: operation.resultFieldName, kind };
  const fieldName = operation[kind]!.itemFieldName;
  const field = resolveField(fieldName, `${path}.${kind}.itemFieldName`);
  const valueType = kind === 'min' || kind === 'max' ? valueKind(fields, fieldName, field) : 'number';
  return { resultFieldName: operation.resultFieldName, kind, field, valueKind: valueType };
}

export function createAnalyticsService(
  deps: ItemsDeps & { analyticsRepository: ItemsAnalyticsRepository },
  core: ItemsCore,
) {
  const { repository, analyticsRepository } = deps;

  function where(call: CallScope, filter: unknown, path: PropertyKey[]): SqlFragment {
    return repository.filtered(core.baseWhere(call), core.filterSql(filter, path));
  }

  return {
    async distinctValues(
      ctx: RequestContext,
      collectionId: string,
      request: {
        fieldName: string;
        filter?: unknown;
        order?: 'ASC' | 'DESC' | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        returnTotalCount?: boolean | null;
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const field = resolveField(request.fieldName, 'fieldName');
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'paging');
      const { values, total } = await analyticsRepository.distinctValues(
        where(call, request.filter, ['filter']),
        field,
        request.order === 'DESC' ? 'DESC' : 'ASC',
        { limit: limit + 1, offset },
        request.returnTotalCount === true,
      );
      const hasNext = values.length > limit;
      const page = values.slice(0, limit);
      return {
        distinctValues: page,
        pagingMetadata: {
          count: page.length,
          offset,
          hasNext,
          ...(total !== undefined ? { total, tooManyToCount: false } : {}),
        },
      };
    },

    async aggregate(
      ctx: RequestContext,
      collectionId: string,
      request: {
        initialFilter?: unknown;
        aggregation?: { groupingFields?: string[]; operations?: AggregateOperation[] } | null;
        finalFilter?: unknown;
        sort?: Sorting[] | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        returnTotalCount?: boolean | null;
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const grouping = request.aggregation?.groupingFields ?? [];
      const operations = request.aggregation?.operations ?? [];
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'paging');

      const groups = grouping.map((name, index) => ({
        name,
        field: resolveField(name, `aggregation.groupingFields[${index}]`),
      }));
      const outputs = operations.map((operation, index) =>
        aggregateOutput(operation, index, call.schema.fields),
      );
      const initialWhere = where(call, request.initialFilter, ['initialFilter']);
      const finalWhere = compileFilter(parseFilter(aggregateEntity, request.finalFilter, ['finalFilter']));
      const { keys } = parseSort(aggregateEntity, request.sort, ['sort']);
      const { results: rows, total } = await analyticsRepository.aggregate(
        { where: initialWhere, groups, outputs, finalWhere, sortKeys: keys },
        { limit: limit + 1, offset },
        request.returnTotalCount === true,
      );
      const hasNext = rows.length > limit;
      const results = rows.slice(0, limit);
      return {
        results,
        pagingMetadata: {
          count: results.length,
          offset,
          hasNext,
          ...(total !== undefined ? { total, tooManyToCount: false } : {}),
        },
      };
    },

    /**
     * Full-text search over every string value: words match by prefix (`'yog':*` finds "yoga"); `fuzzy`
     * also forgives typos (see `fuzzyMatch` in items-analytics.repository.ts). AND needs every term, OR any.
     */
    async search(
      ctx: RequestContext,
      collectionId: string,
      request: {
        filter?: unknown;
        sort?: Sorting[] | null;
        fields?: string[] | null;
        expression?: string | null;
        fuzzy?: boolean | null;
        mode?: 'AND' | 'OR' | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        includes: IncludeReference[];
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'search.paging');
      const terms = searchTerms(request.expression ?? '');
      const filter = where(call, request.filter, ['search', 'filter']);
      const fields = request.fields ?? undefined;
      fields?.forEach((name, index) => resolveField(name, `search.fields[${index}]`));
      const { keys } = parseSort(dataItemsEntity, request.sort, ['search', 'sort']);
      const sorted = (request.sort?.length ?? 0) > 0;
      const rows = await analyticsRepository.search(
        {
          where: filter,
          terms,
          any: request.mode === 'OR',
          fuzzy: request.fuzzy === true,
          // Without a sort, the best matches come first.
          rankFirst: !sorted && terms.length > 0,
          sortKeys: keys,
        },
        { limit: limit + 1, offset },
      );
      const hasNext = rows.length > limit;
      const items = rows.slice(0, limit).map((row) => toWireItem(collectionId, row));
      await core.includeReferences(ctx, call, items, request.includes, 'includeReferences');
      return {
        dataItems: items.map((item) => ({ ...item, data: projectFields(item.data, fields) })),
        pagingMetadata: { count: items.length, offset, hasNext },
      };
    },

    async queryReferenced(
      ctx: RequestContext,
      collectionId: string,
      request: {
        referringItemId?: string;
        referringItemIds?: string[];
        referringItemFieldName: string;
        order?: 'ASC' | 'DESC' | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        returnTotalCount?: boolean | null;
        fields?: string[] | null;
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const field = core.referenceField(call, request.referringItemFieldName, 'referringItemFieldName');
      const referringIds =
        request.referringItemIds ?? (request.referringItemId ? [request.referringItemId] : []);
      if (referringIds.length === 0) throw invalidField('referringItemId', 'is required', 'REQUIRED_FIELD');
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'paging');
      const referring = (await repository.findItems(call.scope, referringIds)).filter((row) =>
        core.mayTouch(call, row),
      );
      let links: Array<{ referringItemId: string; referencedItemId: string }>;
      let targetId: string | undefined;
      if (field.type === 'MULTI_REFERENCE') {
        targetId = field.typeMetadata?.multiReference?.referencedCollectionId;
        const visible = new Set(referring.map((row) => row.itemId));
        links = (await repository.referencedIds(call.scope, field.key, referringIds)).filter((link) =>
          visible.has(link.referringItemId),
        );
      } else {
        targetId = field.typeMetadata?.reference?.referencedCollectionId;
        links = referring.flatMap((row) => {
          const id = referenceId((row.data as Record<string, unknown>)[field.key]);
          return id ? [{ referringItemId: row.itemId, referencedItemId: id }] : [];
        });
      }
      if (request.order === 'DESC') links.reverse();
      const page = links.slice(offset, offset + limit);
      const target = targetId ? await core.open(ctx, targetId, 'read') : undefined;
      const rows = target
        ? await repository.findItems(
            target.scope,
            page.map((link) => link.referencedItemId),
          )
        : [];
      const byId = new Map(
        rows.filter((row) => !target || core.mayTouch(target, row)).map((row) => [row.itemId, row]),
      );
      const results = page.map((link) => {
        const row = byId.get(link.referencedItemId);
        if (!row) {
          return {
            unresolvedReference: { referringItemId: link.referringItemId, referringItemFieldName: field.key },
          };
        }
        const item = toWireItem(targetId!, row);
        return { dataItem: { ...item, data: projectFields(item.data, request.fields ?? undefined) } };
      });
      return {
        results,
        pagingMetadata: {
          count: results.length,
          offset,
          hasNext: offset + results.length < links.length,
          ...(request.returnTotalCount ? { total: links.length, tooManyToCount: false } : {}),
        },
      };
    },

    async isReferenced(ctx: RequestContext, collectionId: string, reference: DataItemReference) {
      const call = await core.open(ctx, collectionId, 'read');
      const field = core.referenceField(call, reference.referringItemFieldName, 'referringItemFieldName');
      const referring = await repository.findItem(call.scope, reference.referringItemId);
      if (!referring || !core.mayTouch(call, referring)) return { isReferenced: false };
      if (field.type === 'REFERENCE') {
        return {
          isReferenced:
            referenceId((referring.data as Record<string, unknown>)[field.key]) ===
            reference.referencedItemId,
        };
      }
      return {
        isReferenced: await repository.isReferenced(call.scope, {
          fieldKey: field.key,
          referringItemId: reference.referringItemId,
          referencedItemId: reference.referencedItemId,
        }),
      };
    },

    async replaceReferences(
      ctx: RequestContext,
      collectionId: string,
      request: { referringItemFieldName: string; referringItemId: string; newReferencedItemIds?: string[] },
    ) {
      const call = await core.open(ctx, collectionId, 'update');
      const field = core.multiReferenceField(call, request.referringItemFieldName, 'referringItemFieldName');
      const ids = [...new Set(request.newReferencedItemIds ?? [])];
      await core.inTransaction(collectionId, async (tx) => {
        const referring = await repository.findItem(
          call.scope,
          request.referringItemId,
          { forUpdate: true },
          tx,
        );
        if (!referring || !core.mayTouch(call, referring))
          throw itemNotFound(collectionId, request.referringItemId);
        await core.writeMultiReferences(call, request.referringItemId, new Map([[field.key, ids]]), tx, true);
      });
      return {
        dataItemReferences: ids.map((referencedItemId) => ({
          referringItemFieldName: field.key,
          referringItemId: request.referringItemId,
          referencedItemId,
        })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
