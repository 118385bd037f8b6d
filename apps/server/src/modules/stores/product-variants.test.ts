import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinationKey, planVariants, variantCount, variantMatrix } from './product-variants.ts';
import type { ProductOptionDoc } from './stores.tables.ts';

const optionsArbitrary = fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }).map((sizes) =>
  sizes.map((size, optionIndex): ProductOptionDoc => ({
    id: `o${optionIndex}`,
    name: `Option ${optionIndex}`,
    optionType: 'drop_down',
    choices: Array.from({ length: size }, (_, choiceIndex) => ({
      id: `o${optionIndex}c${choiceIndex}`,
      name: `Choice ${choiceIndex}`,
      value: `Choice ${choiceIndex}`,
      visible: true,
      mediaIds: [],
    })),
  })),
);

/** Every combination of one choice per option, built the slow, obvious way. */
function cartesian(options: readonly ProductOptionDoc[]): Set<string> {
  const keys = new Set<string>();
  const walk = (index: number, picked: Record<string, string>) => {
    if (index === options.length) {
      keys.add(combinationKey(picked));
      return;
    }
    for (const choice of options[index]!.choices)
      walk(index + 1, { ...picked, [options[index]!.id]: choice.id });
  };
  walk(0, {});
  return keys;
}

describe('the variant matrix', () => {
  it('is the cartesian product of the options, each combination once', () => {
    fc.assert(
      fc.property(optionsArbitrary, (options) => {
        const matrix = variantMatrix(options);
        const keys = matrix.map(combinationKey);
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(keys)).toEqual(cartesian(options));
        expect(matrix.length).toBe(variantCount(options));
      }),
    );
  });

  it('after options are added or removed, keeps exactly the variants whose combination still exists', () => {
    fc.assert(
      fc.property(optionsArbitrary, optionsArbitrary, (before, after) => {
        let next = 0;
        const first = planVariants(before, [], () => `v${next++}`);
        const existing = first.variants.map(({ id, choices }) => ({ id, choices }));
        const second = planVariants(after, existing, () => `v${next++}`);
        const afterKeys = cartesian(after);
        expect(new Set(second.variants.map((variant) => combinationKey(variant.choices)))).toEqual(afterKeys);
        for (const variant of existing) {
          const survives = afterKeys.has(combinationKey(variant.choices));
          expect(second.removed.includes(variant.id)).toBe(!survives);
          if (survives) expect(second.variants.find((kept) => kept.id === variant.id)?.existing).toBe(true);
        }
      }),
    );
  });
});
