import type { FieldModification } from '@atrium/contract/data';
import { dataMessages } from './errors.ts';

export interface PatchState<R> {
  readonly modifications: readonly FieldModification[];
  readonly invalid: readonly string[];
  readonly onRun: (
    modifications: FieldModification[],
    invalid: readonly string[],
    args: unknown[],
  ) => Promise<R>;
}

/**
 * Field changes applied by the server to the stored item (no read-modify-write race): set, remove,
 * increment, append to an array, remove from an array. `run()` sends them.
 * @example await client.items.patch('Posts', id).incrementField('views', 1).appendToArray('tags', 'new').run();
 */
export class FieldModifications<R> {
  private readonly state: PatchState<R>;

  constructor(state: PatchState<R>) {
    this.state = state;
  }

  private add(
    operator: string,
    args: unknown[],
    arity: 1 | 2,
    modification: FieldModification | undefined,
  ): this {
    const problems: string[] = [];
    if (args.length !== arity)
      problems.push(arity === 2 ? dataMessages.arityIsTwo(operator) : dataMessages.arityIsOne(operator));
    if (typeof args[0] !== 'string' || args[0] === '') problems.push(dataMessages.fieldNameMustBeAString());
    if (operator === '.incrementField' && typeof args[1] !== 'number') {
      problems.push(dataMessages.isNumber(operator, '', args[1]));
    }
    const Constructor = this.constructor as new (state: PatchState<R>) => this;
    return new Constructor({
      ...this.state,
      modifications:
        problems.length === 0 && modification
          ? [...this.state.modifications, modification]
          : this.state.modifications,
      invalid: [...this.state.invalid, ...problems.slice(0, 1)],
    });
  }

  setField(fieldName: string, value: unknown): this;
  setField(...args: unknown[]): this {
    const [fieldPath, value] = args as [string, unknown];
    return this.add('.setField', args, 2, { fieldPath, action: 'SET_FIELD', setFieldOptions: { value } });
  }
  /** Adds `by` (a number, negative to subtract) to the field; an absent field counts as 0. */
  incrementField(fieldName: string, by: number): this;
  incrementField(...args: unknown[]): this {
    const [fieldPath, value] = args as [string, number];
    return this.add('.incrementField', args, 2, {
      fieldPath,
      action: 'INCREMENT_FIELD',
      incrementFieldOptions: { value },
    });
  }
  appendToArray(fieldName: string, value: unknown): this;
  appendToArray(...args: unknown[]): this {
    const [fieldPath, value] = args as [string, unknown];
    return this.add('.appendToArray', args, 2, {
      fieldPath,
      action: 'APPEND_TO_ARRAY',
      appendToArrayOptions: { value },
    });
  }
  removeFromArray(fieldName: string, value: unknown): this;
  removeFromArray(...args: unknown[]): this {
    const [fieldPath, value] = args as [string, unknown];
    return this.add('.removeFromArray', args, 2, {
      fieldPath,
      action: 'REMOVE_FROM_ARRAY',
      removeFromArrayOptions: { value },
    });
  }
  /** Removes the field; takes only its name. */
  removeField(fieldName: string): this;
  removeField(...args: unknown[]): this {
    const [fieldPath] = args as [string];
    return this.add('.removeField', args, 1, { fieldPath, action: 'REMOVE_FIELD' });
  }

  /** The changes so far, as sent. */
  get fieldModifications(): readonly FieldModification[] {
    return this.state.modifications;
  }

  get invalidArguments(): readonly string[] {
    return this.state.invalid;
  }

  run(options?: PatchOptions): Promise<R>;
  run(...args: unknown[]): Promise<R> {
    return this.state.onRun([...this.state.modifications], this.state.invalid, args);
  }
}

export interface PatchOptions {
  suppressAuth?: boolean;
  suppressHooks?: boolean;
  showDrafts?: boolean;
  consistentRead?: boolean;
  language?: string;
}
