import { randomUUID } from 'node:crypto';
import {
  customizationErrorCodes as codes,
  customizationLimits,
  type ChoiceInput,
  type ChoiceType,
  type CustomizationRenderType,
  type CustomizationType,
} from '@atrium/contract/stores/customizations';
import { badRequest, invalidField, notFound } from '../../platform/errors/app-error.ts';

/**
 * The choices of a customization: how each is checked against its customization's type and render
 * type, and what add, set, update, remove and reorder do to the list. Pure: no I/O.
 */

type Image = NonNullable<ChoiceInput['image']>;

/** One choice as stored in the customization's doc (`choicesSettings.choices`). */
export interface ChoiceDoc {
  id: string;
  choiceType: ChoiceType;
  name: string;
  colorCode?: string;
  multipleColors?: { colorCodes: string[] };
  image?: Image;
  defaultAddedPrice?: string;
  displayImage?: Image;
  primaryChoiceIds?: string[];
}

export interface ChoiceOwner {
  customizationType: CustomizationType;
  renderType: CustomizationRenderType;
}

/** Which choice types each render type takes. */
const allowedTypes: Record<CustomizationRenderType, readonly ChoiceType[]> = {
  FREE_TEXT: [],
  TEXT_CHOICES: ['CHOICE_TEXT'],
  SWATCH_CHOICES: ['ONE_COLOR', 'MULTIPLE_COLORS', 'IMAGE'],
};

function inferType(input: ChoiceInput, owner: ChoiceOwner): ChoiceType {
  if (input.choiceType) return input.choiceType;
  if (owner.renderType === 'TEXT_CHOICES') return 'CHOICE_TEXT';
  if (input.multipleColors) return 'MULTIPLE_COLORS';
  if (input.image) return 'IMAGE';
  return 'ONE_COLOR';
}

function withoutNullish<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== null),
  ) as T;
}

/** Checks one choice against its owner; `field` names it in the messages (`choices[2]`). */
function checkChoice(choice: ChoiceDoc, owner: ChoiceOwner, field: string): void {
  if (!allowedTypes[owner.renderType].includes(choice.choiceType)) {
    throw badRequest(
      codes.invalidChoiceType,
      `${field}.choiceType ${choice.choiceType} does not fit a ${owner.renderType} customization ` +
        `(it takes ${allowedTypes[owner.renderType].join(', ')})`,
      { field: `${field}.choiceType` },
    );
  }
  const value = (what: string) =>
    badRequest(codes.invalidChoiceValue, `${field}: a ${choice.choiceType} choice ${what}`, { field });
  const has = {
    colorCode: !!choice.colorCode,
    multipleColors: !!choice.multipleColors,
    image: !!choice.image,
  };
  const expected = {
    CHOICE_TEXT: null,
    ONE_COLOR: 'colorCode',
    MULTIPLE_COLORS: 'multipleColors',
    IMAGE: 'image',
  }[choice.choiceType] as keyof typeof has | null;
  for (const key of Object.keys(has) as Array<keyof typeof has>) {
    if (key === expected && !has[key]) throw value(`needs ${key}`);
    if (key !== expected && has[key]) throw value(`cannot carry ${key}`);
  }
  if (choice.image && !choice.image.id && !choice.image.url) throw value('needs image.id or image.url');
  if (choice.displayImage && choice.choiceType !== 'ONE_COLOR') throw value('cannot carry displayImage');
  if (choice.defaultAddedPrice !== undefined && owner.customizationType === 'PRODUCT_OPTION') {
    throw badRequest(
      codes.modifierSettingsOnOption,
      `${field}.defaultAddedPrice is for modifiers; a product option's price is set on its variants`,
      { field: `${field}.defaultAddedPrice` },
    );
  }
}

/** Checks a whole list: count, unique names (ignoring case) and one level of primary choices. */
export function checkChoiceList(choices: readonly ChoiceDoc[], owner: ChoiceOwner): void {
  if (choices.length > customizationLimits.choices) {
    throw badRequest(
      codes.choicesLimitExceeded,
      `A customization has at most ${customizationLimits.choices} choices (this would have ${choices.length})`,
    );
  }
  const byId = new Map(choices.map((choice) => [choice.id, choice]));
  const names = new Map<string, number>();
  for (const [index, choice] of choices.entries()) {
    const field = `choices[${index}]`;
    checkChoice(choice, owner, field);
    const folded = choice.name.toLowerCase();
    if (names.has(folded)) {
      throw badRequest(
        codes.duplicateChoiceName,
        `Choice name "${choice.name}" is used twice (choices[${names.get(folded)}] and ${field})`,
        { name: choice.name },
      );
    }
    names.set(folded, index);
    for (const primaryId of choice.primaryChoiceIds ?? []) {
      const primary = byId.get(primaryId);
      if (primaryId === choice.id)
        throw badRequest(codes.primarySelfReference, `${field} cannot be its own primary choice`);
      if (!primary)
        throw badRequest(
          codes.primaryNotFound,
          `${field}: primary choice ${primaryId} is not a choice here`,
          {
            id: primaryId,
          },
        );
      if (primary.primaryChoiceIds?.length) {
        throw badRequest(
          codes.primaryHierarchy,
          `${field}: choice ${primaryId} is itself linked to a primary choice; only one level is allowed`,
          { id: primaryId },
        );
      }
    }
  }
}

/** A new choice from the caller's input (a new id unless `keepId`). */
export function choiceFromInput(
  input: ChoiceInput,
  owner: ChoiceOwner,
  field: string,
  keepId?: string,
): ChoiceDoc {
  if (!input.name) throw invalidField(`${field}.name`, 'is required', 'REQUIRED_FIELD');
  return withoutNullish({
    id: keepId ?? randomUUID(),
    choiceType: inferType(input, owner),
    name: input.name,
    colorCode: input.colorCode ?? undefined,
    multipleColors: input.multipleColors ?? undefined,
    image: input.image ?? undefined,
    defaultAddedPrice: input.defaultAddedPrice ?? undefined,
    displayImage: input.displayImage ?? undefined,
    primaryChoiceIds: input.primaryChoiceIds?.length ? [...input.primaryChoiceIds] : undefined,
  });
}

function choicesOf(inputs: readonly ChoiceInput[], owner: ChoiceOwner, field: string): ChoiceDoc[] {
  return inputs.map((input, index) => choiceFromInput(input, owner, `${field}[${index}]`));
}

/** The choices of a new customization; ids are always the server's. */
export function createChoices(inputs: readonly ChoiceInput[], owner: ChoiceOwner): ChoiceDoc[] {
  const choices = choicesOf(inputs, owner, 'customization.choicesSettings.choices');
  checkChoiceList(choices, owner);
  return choices;
}

/** `add-choices`: the new choices after the existing ones. */
export function addChoices(
  existing: readonly ChoiceDoc[],
  inputs: readonly ChoiceInput[],
  owner: ChoiceOwner,
) {
  const next = [...existing, ...choicesOf(inputs, owner, 'choices')];
  checkChoiceList(next, owner);
  return next;
}

/** `set-choices`: the list replaced; a choice naming an existing id keeps that id. */
export function setChoices(
  existing: readonly ChoiceDoc[],
  inputs: readonly ChoiceInput[],
  owner: ChoiceOwner,
) {
  const known = new Set(existing.map((choice) => choice.id));
  const next = inputs.map((input, index) => {
    if (input.id && !known.has(input.id)) throw notFound('Choice', input.id, codes.choiceNotFound);
    return choiceFromInput(input, owner, `choices[${index}]`, input.id ?? undefined);
  });
  checkChoiceList(next, owner);
  return next;
}

/** `update-choices`: the fields each update gives replace the choice's; its type cannot change. */
export function updateChoices(
  existing: readonly ChoiceDoc[],
  updates: ReadonlyArray<ChoiceInput & { id: string }>,
  owner: ChoiceOwner,
) {
  const next = existing.map((choice) => ({ ...choice }));
  for (const [index, update] of updates.entries()) {
    const at = next.findIndex((choice) => choice.id === update.id);
    if (at < 0) throw notFound('Choice', update.id, codes.choiceNotFound);
    const current = next[at]!;
    if (update.choiceType && update.choiceType !== current.choiceType) {
      throw badRequest(
        codes.unsupportedChoiceField,
        `choices[${index}].choiceType cannot change (choice ${update.id} is ${current.choiceType})`,
      );
    }
    const merged = { ...current, ...withoutNullish({ ...update, choiceType: undefined }) };
    next[at] = choiceFromInput(merged, owner, `choices[${index}].choice`, current.id);
  }
  checkChoiceList(next, owner);
  return next;
}

/** `remove-choices`: at least one choice stays, and no remaining choice may name a removed primary. */
export function removeChoices(existing: readonly ChoiceDoc[], ids: readonly string[]) {
  const known = new Set(existing.map((choice) => choice.id));
  for (const id of ids) if (!known.has(id)) throw notFound('Choice', id, codes.choiceNotFound);
  const removed = new Set(ids);
  const next = existing.filter((choice) => !removed.has(choice.id));
  if (next.length === 0)
    throw badRequest(codes.withoutChoices, 'A choices customization keeps at least one choice');
  for (const choice of next) {
    const gone = choice.primaryChoiceIds?.find((id) => removed.has(id));
    if (gone) {
      throw badRequest(
        codes.primaryReferenced,
        `Choice ${gone} is the primary choice of ${choice.id}; remove or relink that choice first`,
        { id: gone },
      );
    }
  }
  return next;
}

/** `reorder-choices`: exactly the customization's choice ids, each once, in the new order. */
export function reorderChoices(existing: readonly ChoiceDoc[], ids: readonly string[]) {
  const byId = new Map(existing.map((choice) => [choice.id, choice]));
  const given = new Set(ids);
  const missingIds = existing.map((choice) => choice.id).filter((id) => !given.has(id));
  const extraIds = [...given].filter((id) => !byId.has(id));
  if (missingIds.length > 0 || extraIds.length > 0 || given.size !== ids.length) {
    throw badRequest(
      codes.choiceIdsMismatch,
      'choiceIds must list every choice of the customization exactly once' +
        (missingIds.length ? `; missing ${missingIds.join(', ')}` : '') +
        (extraIds.length ? `; not choices here: ${extraIds.join(', ')}` : ''),
      { missingIds, extraIds },
    );
  }
  return ids.map((id) => byId.get(id)!);
}
