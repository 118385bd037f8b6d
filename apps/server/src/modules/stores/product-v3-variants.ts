import { randomUUID } from 'node:crypto';
import { defaultVariantId } from '@atrium/contract/stores/products-v1';
import { productV3ErrorCodes as codes, type VariantV3Input } from '@atrium/contract/stores/products-v3';
import { badRequest } from '../../platform/errors/app-error.ts';
import { combinationKey, type Combination } from './product-variants.ts';
import type { ProductOptionDoc } from './stores.tables.ts';
import { isUuid } from '../../platform/db/ids.ts';

/**
 * The variants a v3 write lists, matched to the product's options and to the variants it has. Unlike v1,
 * whose variants are always the whole matrix of the options, a v3 product has exactly the combinations
 * its writer lists; a listed combination that existed keeps its variant (and so its stock). Pure.
 */

export interface PlannedV3Variant {
  id: string;
  choices: Combination;
  position: number;
  /** The variant's index in the request. */
  index: number;
  input: VariantV3Input;
  /** Whether the variant existed before this write. */
  existing: boolean;
}

/** The combination a variant's `choices` name, by ids or by names; a 400 says what does not fit. */
export function combinationOf(
  options: readonly ProductOptionDoc[],
  input: VariantV3Input,
  field: string,
): Combination {
  const combination: Combination = {};
  for (const [index, choice] of (input.choices ?? []).entries()) {
    const ids = choice.optionChoiceIds;
    const names = choice.optionChoiceNames;
    const option = ids
      ? options.find((candidate) => candidate.id === ids.optionId)
      : options.find((candidate) => candidate.name === names?.optionName);
    const picked = ids
      ? option?.choices.find((candidate) => candidate.id === ids.choiceId)
      : option?.choices.find((candidate) => candidate.name === names?.choiceName);
    if (!option || !picked) {
      const named = ids ? `${ids.optionId}/${ids.choiceId}` : `${names?.optionName}: ${names?.choiceName}`;
      throw badRequest(
        codes.variantsNotAligned,
        `${field}.choices[${index}] names ${named}, which is not an option and choice of this product`,
        { variants: [{ field, errorDescription: `unknown option or choice ${named}` }] },
      );
    }
    if (combination[option.id]) {
      throw badRequest(
        codes.variantsNotAligned,
        `${field} picks option "${option.name}" twice; a variant has one choice per option`,
      );
    }
    combination[option.id] = picked.id;
  }
  const missing = options.filter((option) => !combination[option.id]);
  if (missing.length > 0) {
    throw badRequest(
      codes.missingVariantOptionChoice,
      `${field} has no choice for ${missing.map((option) => `"${option.name}"`).join(', ')}; ` +
        'a variant picks one choice of every option',
      { optionsMissingChoice: missing.map((option) => option.id) },
    );
  }
  return combination;
}

/**
 * Plans the variants of a v3 write: each listed variant with its combination and id (its own id when it
 * names one of the product's variants or a new uuid, else the existing variant of the same combination,
 * else a new id), and the ids of the variants that go.
 */
export function planV3Variants(
  options: readonly ProductOptionDoc[],
  inputs: readonly VariantV3Input[],
  existing: ReadonlyArray<{ id: string; choices: Combination }>,
  field = 'product.variantsInfo.variants',
  newId: () => string = randomUUID,
): { variants: PlannedV3Variant[]; removed: string[] } {
  if (inputs.length === 0) {
    throw badRequest(codes.invalidDefaultVariant, `${field}: a product has at least one variant`);
  }
  if (options.length === 0 && (inputs.length > 1 || (inputs[0]!.choices ?? []).length > 0)) {
    throw badRequest(
      codes.invalidDefaultVariant,
      `${field}: a product without options has exactly one variant, without choices`,
    );
  }
  const byId = new Map(existing.map((variant) => [variant.id, variant]));
  const byKey = new Map(existing.map((variant) => [combinationKey(variant.choices), variant.id]));
  const seenKeys = new Map<string, number>();
  const usedIds = new Set<string>();
  const variants = inputs.map((input, index) => {
    const at = `${field}[${index}]`;
    const choices = combinationOf(options, input, at);
    const key = combinationKey(choices);
    if (seenKeys.has(key)) {
      throw badRequest(
        codes.duplicateVariantOptionChoice,
        `${at} has the same choices as ${field}[${seenKeys.get(key)}]`,
      );
    }
    seenKeys.set(key, index);
    let id: string;
    if (options.length === 0) id = byKey.get(key) ?? defaultVariantId;
    else if (input.id && byId.has(input.id)) id = input.id;
    else if (input.id) {
      if (!isUuid(input.id)) {
        throw badRequest(codes.variantsNotAligned, `${at}.id must be a uuid (or left out for a new one)`);
      }
      id = input.id;
    } else id = byKey.get(key) ?? newId();
    if (usedIds.has(id)) {
      throw badRequest(codes.variantIdExists, `${at}.id ${id} is given to two variants`, { id });
    }
    usedIds.add(id);
    return { id, choices, position: index, index, input, existing: byId.has(id) };
  });
  const removed = existing.map((variant) => variant.id).filter((id) => !usedIds.has(id));
  return { variants, removed };
}
