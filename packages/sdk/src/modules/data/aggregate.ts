import type { DataPagingMetadata } from '@atrium/contract/data';
import type { Filter } from '@atrium/contract/query';
import { dataMessages, validationError } from './errors.ts';
import {
  DataFilter,
  FilterBase,
  limitProblems,
  skipProblems,
  sortProblems,
  type FilterState,
} from './filter.ts';
import { readOptions, type FindOptions, type SortingInput } from './query.ts';
import {
  dataBasePath,
  defaultDataPageSize,
  firstPage,
  type DataResult,
  type DataTransport,
} from './transport.ts';
import { checks, isPlainObject } from './validation.ts';

type Accumulator = 'sum' | 'avg' | 'min' | 'max' | 'count';

interface Operation {
  name: string;
  type: Accumulator;
  field?: string;
}

interface AggregateState extends FilterState {
  readonly collectionName: string;
  readonly transport: DataTransport;
  /** Set once by `filter()` (WDE0012 on a second call). */
  readonly filterSet: boolean;
  readonly groupBy?: readonly string[];
  readonly having?: DataFilter;
  readonly operations: readonly Operation[];
  readonly sort: readonly SortingInput[];
  readonly limit?: number;
  readonly skip?: number;
}

/** One aggregate row: the group's fields (and `_id`) plus each result field. */
export type AggregateRow = Record<string, unknown>;

/**
 * Groups and aggregates items: `filter` (before grouping), `group`, the accumulators, `having` (after
 * grouping), sort and paging. `filter`, `group` and `having` may each be set once (WDE0012, WDE0013), and
 * `filter`/`having` take a `DataFilter` (WDE0011).
 * @example
 * const rows = await client.items.aggregate('Orders').filter(client.items.filter().eq('status', 'PAID'))
 *   .group('city').sum('total', 'revenue').count().having(client.items.filter().gt('revenue', 100)).descending('revenue').run();
 */
export class DataAggregate extends FilterBase<AggregateState> {
  protected get className(): string {
    return 'DataAggregate';
  }

  /** Keeps only items matching `filter` before grouping. */
  filter(filter: DataFilter): this;
  filter(...args: unknown[]): this {
    const [filter] = args;
    const problems: string[] = [];
    if (args.length !== 1) problems.push(dataMessages.arityIsOne('.filter'));
    if (this.state.filterSet || this.state.conditions.length > 0)
      problems.push(dataMessages.filterIsAlreadySet('.filter'));
    if (!(filter instanceof DataFilter)) problems.push(dataMessages.filterMustBeBuilder('.filter'));
    if (problems.length > 0) return this.withProblems(problems.slice(0, 1));
    const built = (filter as DataFilter).filterTree;
    return this.copy({
      filterSet: true,
      conditions: Object.keys(built).length > 0 ? [built] : [],
      invalid: [...this.state.invalid, ...(filter as DataFilter).invalidArguments],
    });
  }

  /** Groups by these fields (without a group, everything is one group). */
  group(...fields: string[]): this;
  group(...args: unknown[]): this {
    const problems: string[] = [];
    if (args.length === 0) problems.push(dataMessages.arityIsAtLeastOne('.group'));
    if (this.state.groupBy !== undefined) problems.push(dataMessages.groupIsAlreadySet('.group'));
    if (!args.every((field) => typeof field === 'string' && field !== '')) {
      problems.push(
        dataMessages.typeIsString(
          '.group',
          args.find((field) => typeof field !== 'string'),
        ),
      );
    }
    return problems.length > 0
      ? this.withProblems(problems.slice(0, 1))
      : this.copy({ groupBy: args as string[] });
  }

  /** Keeps only groups matching `filter` (on group and result fields). */
  having(filter: DataFilter): this;
  having(...args: unknown[]): this {
    const [filter] = args;
    const problems: string[] = [];
    if (args.length !== 1) problems.push(dataMessages.arityIsOne('.having'));
    if (this.state.having !== undefined) problems.push(dataMessages.filterIsAlreadySet('.having'));
    if (!(filter instanceof DataFilter)) problems.push(dataMessages.filterMustBeBuilder('.having'));
    if (problems.length > 0) return this.withProblems(problems.slice(0, 1));
    return this.copy({
      having: filter as DataFilter,
      invalid: [...this.state.invalid, ...(filter as DataFilter).invalidArguments],
    });
  }

  private accumulate(type: Exclude<Accumulator, 'count'>, args: unknown[]): this {
    const [field, alias] = args;
    const operator = `.${type}`;
    const problems: string[] = [];
    if (args.length < 1 || args.length > 2) problems.push(dataMessages.arityIsAtLeastOne(operator));
    if (typeof field !== 'string' || field === '') problems.push(dataMessages.typeIsString(operator, field));
    if (alias !== undefined && typeof alias !== 'string')
      problems.push(dataMessages.typeIsString(operator, alias));
    if (problems.length > 0) return this.withProblems(problems.slice(0, 1));
    const name =
      (alias as string | undefined) ?? `${field as string}${type[0]!.toUpperCase()}${type.slice(1)}`;
    return this.copy({ operations: [...this.state.operations, { name, type, field: field as string }] });
  }

  /** Sum of a numeric field, as `alias` (default `<field>Sum`). */
  sum(field: string, alias?: string): this;
  sum(...args: unknown[]): this {
    return this.accumulate('sum', args);
  }
  /** Average of a numeric field, as `alias` (default `<field>Avg`). */
  avg(field: string, alias?: string): this;
  avg(...args: unknown[]): this {
    return this.accumulate('avg', args);
  }
  min(field: string, alias?: string): this;
  min(...args: unknown[]): this {
    return this.accumulate('min', args);
  }
  max(field: string, alias?: string): this;
  max(...args: unknown[]): this {
    return this.accumulate('max', args);
  }
  /** Items per group, as `alias` (default `count`). */
  count(alias?: string): this;
  count(...args: unknown[]): this {
    const [alias = 'count'] = args;
    const problems: string[] = [];
    if (args.length > 1) problems.push(dataMessages.arityIsOne('.count'));
    if (typeof alias !== 'string' || alias === '') problems.push(dataMessages.typeIsString('.count', alias));
    if (problems.length > 0) return this.withProblems(problems.slice(0, 1));
    return this.copy({ operations: [...this.state.operations, { name: alias as string, type: 'count' }] });
  }

  ascending(...fields: string[]): this;
  ascending(...args: unknown[]): this {
    return this.sorted('.ascending', 'ASC', args);
  }
  descending(...fields: string[]): this;
  descending(...args: unknown[]): this {
    return this.sorted('.descending', 'DESC', args);
  }
  private sorted(operator: string, order: 'ASC' | 'DESC', args: unknown[]): this {
    const { fields, problems } = sortProblems(operator, args);
    if (problems.length > 0) return this.withProblems(problems.slice(0, 1));
    return this.copy({ sort: [...this.state.sort, ...fields.map((fieldName) => ({ fieldName, order }))] });
  }

  limit(limit: number): this;
  limit(...args: unknown[]): this {
    const problems = limitProblems(args);
    return problems.length > 0 ? this.withProblems(problems) : this.copy({ limit: args[0] as number });
  }
  skip(skip: number): this;
  skip(...args: unknown[]): this {
    const problems = skipProblems(args);
    return problems.length > 0 ? this.withProblems(problems) : this.copy({ skip: args[0] as number });
  }

  /** Runs the aggregation: the first page of rows. */
  async run(options?: FindOptions): Promise<DataResult<AggregateRow>>;
  async run(...args: unknown[]): Promise<DataResult<AggregateRow>> {
    const options = args[0] as FindOptions | undefined;
    const { collectionName, transport, groupBy, having, operations, sort } = this.state;
    const problems = [
      ...this.state.invalid,
      ...checks('run')
        .arity(args, 0, 1)
        .collectionName(collectionName)
        .options(options, 'general', ['returnTotalCount'])
        .problems(),
    ];
    if (problems.length > 0) {
      throw validationError(dataMessages.aggregateInvalid(collectionName, problems), 'items.aggregate');
    }
    const initialFilter = this.filterTree;
    const finalFilter: Filter = having?.filterTree ?? {};
    const limit = this.state.limit ?? defaultDataPageSize;
    const offset = this.state.skip ?? 0;
    const fetchPage = async (position: number | string | null) => {
      const answer = await transport.call<{ results: AggregateRow[]; pagingMetadata: DataPagingMetadata }>(
        'items.aggregate',
        {
          method: 'POST',
          path: `${dataBasePath}/items/aggregate`,
          body: {
            dataCollectionId: collectionName,
            ...(Object.keys(initialFilter).length > 0 ? { initialFilter } : {}),
            aggregation: {
              ...(groupBy ? { groupingFields: [...groupBy] } : {}),
              operations: operations.map(toWireOperation),
            },
            ...(Object.keys(finalFilter).length > 0 ? { finalFilter } : {}),
            ...(sort.length > 0 ? { sort: [...sort] } : {}),
            paging: { limit, offset: Number(position ?? 0) },
            ...(options?.returnTotalCount !== undefined
              ? { returnTotalCount: options.returnTotalCount }
              : {}),
            ...readOptions(options),
          },
        },
      );
      return { items: answer.results.map(unwrapGroupId), pagingMetadata: answer.pagingMetadata };
    };
    return firstPage(fetchPage, { collectionName, mode: 'offset', pageSize: limit, offset }, offset);
  }
}

function toWireOperation(operation: Operation) {
  const operand = { itemFieldName: operation.field };
  switch (operation.type) {
    case 'avg':
      return { resultFieldName: operation.name, average: operand };
    case 'count':
      return { resultFieldName: operation.name, itemCount: {} };
    default:
      return { resultFieldName: operation.name, [operation.type]: operand };
  }
}

/** `{_id: {city: 'Oslo'}}` becomes `{_id: 'Oslo'}` when one field was grouped (the official client's shape). */
function unwrapGroupId(row: AggregateRow): AggregateRow {
  const id = row._id;
  if (isPlainObject(id)) {
    const keys = Object.keys(id);
    if (keys.length === 1) return { ...row, _id: id[keys[0]!] };
  }
  return row;
}

export function createDataAggregate(transport: DataTransport, collectionName: string): DataAggregate {
  return new DataAggregate({
    collectionName,
    transport,
    conditions: [],
    invalid: [],
    filterSet: false,
    operations: [],
    sort: [],
  });
}
