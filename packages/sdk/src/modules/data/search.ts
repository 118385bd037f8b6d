import type { DataPagingMetadata, DataItem as WireDataItem } from '@atrium/contract/data';
import { dataMessages, validationError } from './errors.ts';
import { FilterBase, limitProblems, skipProblems, sortProblems, type FilterState } from './filter.ts';
import { items, readOptions, type DataItem, type ReadOptions, type SortingInput } from './query.ts';
import {
  dataBasePath,
  defaultDataPageSize,
  firstPage,
  type DataResult,
  type DataTransport,
} from './transport.ts';
import { checks } from './validation.ts';

interface SearchState extends FilterState {
  readonly collectionName: string;
  readonly transport: DataTransport;
  readonly expression?: string;
  readonly mode?: 'AND' | 'OR';
  readonly fuzzy?: boolean;
  readonly sort: readonly SortingInput[];
  readonly limit?: number;
  readonly skip?: number;
  readonly fields: readonly string[];
  readonly includes: ReadonlyArray<{ field: string; limit?: number }>;
}

/**
 * Full-text search of one collection, narrowed by the filter methods. Without a sort the best matches
 * come first.
 * @example const hits = await client.items.search('Posts').expression('garden roses').orMode().fuzzy().limit(20).run();
 */
export class DataSearch<T extends object = DataItem> extends FilterBase<SearchState> {
  protected get className(): string {
    return 'DataSearch';
  }

  /** The words to look for; each matches as a word prefix. */
  expression(text: string): this;
  expression(...args: unknown[]): this {
    const problems: string[] = [];
    if (args.length !== 1) problems.push(dataMessages.arityIsOne('.expression'));
    if (typeof args[0] !== 'string') problems.push(dataMessages.typeIsString('.expression', args[0]));
    return problems.length > 0 ? this.withProblems(problems) : this.copy({ expression: args[0] as string });
  }
  /** Every word must match (the default). */
  andMode(): this;
  andMode(...args: unknown[]): this {
    if (args.length > 0) return this.withProblems([dataMessages.arityIsZero('.andMode')]);
    return this.copy({ mode: 'AND' });
  }
  /** Any word may match. */
  orMode(): this;
  orMode(...args: unknown[]): this {
    if (args.length > 0) return this.withProblems([dataMessages.arityIsZero('.orMode')]);
    return this.copy({ mode: 'OR' });
  }
  /** Also accept near spellings. */
  fuzzy(): this;
  fuzzy(...args: unknown[]): this {
    if (args.length > 0) return this.withProblems([dataMessages.arityIsZero('.fuzzy')]);
    return this.copy({ fuzzy: true });
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
    if (problems.length > 0) return this.withProblems(problems);
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
  fields(...fields: string[]): this {
    if (!fields.every((field) => typeof field === 'string' && field !== '')) {
      return this.withProblems([dataMessages.isNonEmptyString('.fields')]);
    }
    return this.copy({ fields: [...this.state.fields, ...fields] });
  }
  /** Referenced items of these fields in place of their ids; a last number is the limit per field. */
  include(...fieldsAndLimit: Array<string | number>): this {
    const last = fieldsAndLimit[fieldsAndLimit.length - 1];
    const limit = typeof last === 'number' ? last : undefined;
    const names = limit === undefined ? fieldsAndLimit : fieldsAndLimit.slice(0, -1);
    if (names.length === 0 || !names.every((name) => typeof name === 'string' && name !== '')) {
      return this.withProblems([dataMessages.isNonEmptyString('.include')]);
    }
    const added = (names as string[]).map((field) => ({ field, ...(limit !== undefined ? { limit } : {}) }));
    return this.copy({ includes: [...this.state.includes, ...added] });
  }

  /** The first page of matches. */
  async run(options?: ReadOptions): Promise<DataResult<T>>;
  async run(...args: unknown[]): Promise<DataResult<T>> {
    const options = args[0] as ReadOptions | undefined;
    const { collectionName, transport, sort, fields, includes } = this.state;
    const problems = [
      ...checks('run')
        .arity(args, 0, 1)
        .collectionName(collectionName)
        .options(options, 'general')
        .problems(),
      ...this.state.invalid,
    ];
    if (problems.length > 0)
      throw validationError(dataMessages.searchInvalid(collectionName, problems), 'items.search');
    const filter = this.filterTree;
    const limit = this.state.limit ?? defaultDataPageSize;
    const offset = this.state.skip ?? 0;
    const fetchPage = async (position: number | string | null) => {
      const answer = await transport.call<{ dataItems: WireDataItem[]; pagingMetadata: DataPagingMetadata }>(
        'items.search',
        {
          method: 'POST',
          path: `${dataBasePath}/items/search`,
          body: {
            dataCollectionId: collectionName,
            search: {
              ...(Object.keys(filter).length > 0 ? { filter } : {}),
              ...(sort.length > 0 ? { sort: [...sort] } : {}),
              ...(fields.length > 0 ? { fields: [...fields] } : {}),
              search: {
                ...(this.state.expression !== undefined ? { expression: this.state.expression } : {}),
                ...(this.state.fuzzy !== undefined ? { fuzzy: this.state.fuzzy } : {}),
                ...(this.state.mode !== undefined ? { mode: this.state.mode } : {}),
              },
              paging: { limit, offset: Number(position ?? 0) },
            },
            ...(includes.length > 0 ? { includeReferences: [...includes] } : {}),
            ...readOptions(options),
          },
        },
      );
      return { items: items(answer.dataItems) as T[], pagingMetadata: answer.pagingMetadata };
    };
    return firstPage(fetchPage, { collectionName, mode: 'offset', pageSize: limit, offset }, offset);
  }
}

export function createDataSearch<T extends object = DataItem>(
  transport: DataTransport,
  collectionName: string,
): DataSearch<T> {
  return new DataSearch<T>({
    collectionName,
    transport,
    conditions: [],
    invalid: [],
    sort: [],
    fields: [],
    includes: [],
  });
}
