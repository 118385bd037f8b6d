import { randomUUID } from 'node:crypto';
import { defaultVariantId } from '@atrium/contract/stores/products-v1';
import type { ProductOptionDoc } from './stores.tables.ts';

/** A variant's combination: option id → choice id (empty for a product without options). */
export type Combination = Record<string, string>;

/** A stable text for a combination, the same whatever order its keys were written in. */
export function combinationKey(combination: Combination): string {
  return Object.keys(combination)
    .sort()
    .map((optionId) => `${optionId}=${combination[optionId]}`)
    .join('&');
}

/** Every combination of one choice per option, in option and choice order (the cartesian product). */
export function variantMatrix(options: readonly ProductOptionDoc[]): Combination[] {
  let combinations: Combination[] = [{}];
  for (const option of options) {
    combinations = combinations.flatMap((partial) =>
      option.choices.map((choice) => ({ ...partial, [option.id]: choice.id })),
    );
  }
  return combinations;
}

/** How many variants `options` make, without building them (to refuse a matrix that is too large). */
export function variantCount(options: readonly ProductOptionDoc[]): number {
  return options.reduce((count, option) => count * option.choices.length, 1);
}

export interface VariantPlan {
  /** Each combination of the matrix in order, with the id it keeps or gets. */
  variants: Array<{ id: string; choices: Combination; position: number; existing: boolean }>;
  /** Ids of variants whose combination no longer exists. */
  removed: string[];
}

/**
 * The variants of a product after its options changed: a combination that existed keeps its variant (and
 * so its price, SKU and stock); new combinations get new variants; the others go. A product without
 * options has the one default variant.
 */
export function planVariants(
  options: readonly ProductOptionDoc[],
  existing: ReadonlyArray<{ id: string; choices: Combination }>,
  newId: () => string = randomUUID,
): VariantPlan {
  const byKey = new Map(existing.map((variant) => [combinationKey(variant.choices), variant.id]));
  const matrix = variantMatrix(options);
  const variants = matrix.map((choices, position) => {
    const key = combinationKey(choices);
    const kept = byKey.get(key);
    byKey.delete(key);
    const id = kept ?? (options.length === 0 ? defaultVariantId : newId());
    return { id, choices, position, existing: kept !== undefined };
  });
  return { variants, removed: [...byKey.values()] };
}

/**
 * The options as the caller names them (v1: option name → choice description) turned into ids; undefined
 * when a name or a choice does not exist. A partial selection is allowed.
 */
export function choiceIdsByName(
  options: readonly ProductOptionDoc[],
  byName: Record<string, string>,
): Combination | undefined {
  const combination: Combination = {};
  for (const [optionName, choiceName] of Object.entries(byName)) {
    const option = options.find((candidate) => candidate.name === optionName);
    const choice = option?.choices.find((candidate) => candidate.name === choiceName);
    if (!option || !choice) return undefined;
    combination[option.id] = choice.id;
  }
  return combination;
}

/** A combination by option name and choice name (v1 variant `choices`). */
export function choiceNames(
  options: readonly ProductOptionDoc[],
  combination: Combination,
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const option of options) {
    const choiceId = combination[option.id];
    const choice = option.choices.find((candidate) => candidate.id === choiceId);
    if (choice) names[option.name] = choice.name;
  }
  return names;
}

/** Whether `combination` picks every choice `partial` picks. */
export function matchesPartial(combination: Combination, partial: Combination): boolean {
  return Object.entries(partial).every(([optionId, choiceId]) => combination[optionId] === choiceId);
}
