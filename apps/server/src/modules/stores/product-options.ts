import { randomUUID } from 'node:crypto';
import { storesErrorCodes, storesLimits, type ProductInput } from '@atrium/contract/stores/products-v1';
import { badRequest, invalidField } from '../../platform/errors/app-error.ts';
import { variantCount } from './product-variants.ts';
import type { ProductOptionDoc } from './stores.tables.ts';

type OptionsInput = NonNullable<ProductInput['productOptions']>;

/**
 * The product's options as a v1 write gives them, with ids: an option keeps its id when its name stays, a
 * choice when its description stays, so the variants of unchanged combinations (and their prices, SKUs
 * and stock) survive an edit of the options.
 */
export function optionsFromV1(
  input: OptionsInput,
  existing: readonly ProductOptionDoc[],
): ProductOptionDoc[] {
  const names = new Set<string>();
  const options = input.map((option, index) => {
    if (names.has(option.name)) {
      throw invalidField(`product.productOptions[${index}].name`, `Option "${option.name}" is given twice`);
    }
    names.add(option.name);
    const before = existing.find((candidate) => candidate.name === option.name);
    const descriptions = new Set<string>();
    return {
      id: before?.id ?? randomUUID(),
      name: option.name,
      optionType: option.optionType ?? before?.optionType ?? 'drop_down',
      choices: option.choices.map((choice, choiceIndex) => {
        if (descriptions.has(choice.description)) {
          throw invalidField(
            `product.productOptions[${index}].choices[${choiceIndex}].description`,
            `Choice "${choice.description}" of option "${option.name}" is given twice`,
          );
        }
        descriptions.add(choice.description);
        const kept = before?.choices.find((candidate) => candidate.name === choice.description);
        return {
          id: kept?.id ?? randomUUID(),
          name: choice.description,
          value: choice.value ?? choice.description,
          visible: choice.visible ?? kept?.visible ?? true,
          mediaIds: kept?.mediaIds ?? [],
        };
      }),
    };
  });
  assertMatrixSize(options);
  return options;
}

/** Refuses options whose variants would be more than a product may have. */
export function assertMatrixSize(options: readonly ProductOptionDoc[]): void {
  const count = variantCount(options);
  if (count > storesLimits.variants) {
    throw badRequest(
      storesErrorCodes.tooManyVariants,
      `These options make ${count} variants; a product may have at most ${storesLimits.variants}`,
      { variants: count, limit: storesLimits.variants },
    );
  }
}
