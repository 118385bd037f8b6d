import {
  productV3ErrorCodes as codes,
  type ConnectedModifierInput,
  type ConnectedOptionInput,
  type ProductV3Input,
} from '@atrium/contract/stores/products-v3';
import type { ChoiceInput, CustomizationRenderType } from '@atrium/contract/stores/customizations';
import { createHash } from 'node:crypto';
import type { ProductInput } from '@atrium/contract/stores/products-v1';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { badRequest, staleRevision } from '../../platform/errors/app-error.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { addChoices, createChoices, type ChoiceDoc, type ChoiceOwner } from './customization-choices.ts';
import type { CustomizationsRepository } from './customizations.repository.ts';
import { htmlFromRichContent, infoSectionDocOf, richContentFromHtml } from './info-sections.service.ts';
import type { InfoSectionsRepository } from './info-sections.repository.ts';
import type { ProductLabels } from './product-aggregates.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import type {
  ProductChoiceDoc,
  ProductOptionDoc,
  StoresCustomizationRow,
  StoresInfoSectionRow,
} from './stores.tables.ts';

/**
 * What a v3 product connects to, resolved inside the write's transaction: options and modifiers are
 * customizations (named ones are created, new choices added to them), brand and ribbon are labels
 * (created by name), info sections are found by id or unique name (created when new).
 */

/** A modifier as the product keeps it (`doc.modifiers`): the customization and the product's choices. */
export interface ModifierDoc {
  id: string;
  name: string;
  renderType: CustomizationRenderType;
  mandatory: boolean;
  freeText?: { minCharCount: number; maxCharCount: number; defaultAddedPrice?: string; title: string };
  choices?: Array<{ id: string; name: string; choiceType: string; colorCode?: string; addedPrice?: string }>;
}

interface CustomizationDoc {
  freeTextInput?: { minCharCount: number; maxCharCount: number; defaultAddedPrice?: string; title: string };
  choicesSettings?: { choices: ChoiceDoc[] };
}

type LabelRef = NonNullable<ProductV3Input['brand']>;
type CustomTextFieldInput = NonNullable<ProductInput['customTextFields']>[number];
type AdditionalInfoSectionInput = NonNullable<ProductInput['additionalInfoSections']>[number];
type InfoSectionRef = NonNullable<ProductV3Input['infoSections']>[number];
type ChoiceRef = ConnectedOptionInput['choicesSettings']['choices'][number] & { addedPrice?: string | null };

/** A customization as its events carry it (the customizations' own wire, without computed fields). */
function customizationEntity(row: StoresCustomizationRow) {
  const doc = row.doc as CustomizationDoc;
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    key: row.name,
    name: row.name,
    customizationType: row.customizationType,
    customizationRenderType: row.renderType,
    ...(doc.freeTextInput ? { freeTextInput: { ...doc.freeTextInput, key: doc.freeTextInput.title } } : {}),
    ...(doc.choicesSettings ? { choicesSettings: doc.choicesSettings } : {}),
  };
}

export type ProductConnections = ReturnType<typeof createProductConnections>;

export function createProductConnections(deps: {
  customizations: CustomizationsRepository;
  infoSections: InfoSectionsRepository;
  labels: ProductLabels;
  queries: QueryRunner;
  publish: PublishStoresEvent;
}) {
  const { customizations, infoSections, labels, publish } = deps;

  async function findByName(tx: Tx, siteId: string, name: string, type: string, renderType: string) {
    const { rows } = await customizations.page(
      deps.queries,
      siteId,
      {
        filter: { name, customizationType: type, customizationRenderType: renderType },
        cursorPaging: { limit: 1 },
      },
      tx,
    );
    return rows[0] ? customizations.findForUpdate(siteId, rows[0].id, tx) : undefined;
  }

  /** The customization an option or modifier names, created from its name and render type when new. */
  async function customizationFor(
    tx: Tx,
    ctx: RequestContext,
    ref: { id?: string | null; name?: string | null; renderType?: string | null },
    type: 'PRODUCT_OPTION' | 'MODIFIER',
    field: string,
    create: () => { doc: CustomizationDoc },
  ): Promise<StoresCustomizationRow> {
    if (ref.id) {
      const row = isUuid(ref.id) ? await customizations.findForUpdate(ctx.site.id, ref.id, tx) : undefined;
      if (!row || row.customizationType !== type) {
        throw badRequest(
          codes.customizationNotExist,
          `${field}.id: there is no ${type} customization ${ref.id}`,
          { id: ref.id },
        );
      }
      return row;
    }
    if (!ref.name || !ref.renderType) {
      throw badRequest(
        type === 'PRODUCT_OPTION' ? codes.optionNameAndTypeRequired : codes.modifierNameAndTypeRequired,
        `${field}: give the id of a customization, or its name and ${type === 'PRODUCT_OPTION' ? 'optionRenderType' : 'modifierRenderType'}`,
      );
    }
    const existing = await findByName(tx, ctx.site.id, ref.name, type, ref.renderType);
    if (existing) return existing;
    const row = await customizations.insert(
      ctx.site.id,
      { name: ref.name, customizationType: type, renderType: ref.renderType, doc: { ...create().doc } },
      tx,
    );
    await publish(tx, ctx.site.id, storesEvents.customizationCreated, { entity: customizationEntity(row) });
    return row;
  }

  /**
   * The customization's choices the product picks: by `choiceId`, or by name (an existing choice of that
   * name, else a new choice added to the customization).
   */
  async function pickChoices(
    tx: Tx,
    ctx: RequestContext,
    row: StoresCustomizationRow,
    refs: readonly ChoiceRef[],
    field: string,
    nameCode: string,
  ): Promise<Array<{ choice: ChoiceDoc; ref: ChoiceRef }>> {
    const owner: ChoiceOwner = {
      customizationType: row.customizationType as ChoiceOwner['customizationType'],
      renderType: row.renderType as CustomizationRenderType,
    };
    let choices = (row.doc as CustomizationDoc).choicesSettings?.choices ?? [];
    const toAdd: ChoiceInput[] = [];
    for (const [index, ref] of refs.entries()) {
      if (ref.choiceId) {
        if (!choices.some((choice) => choice.id === ref.choiceId)) {
          throw badRequest(
            codes.choiceNotExist,
            `${field}[${index}].choiceId ${ref.choiceId} is not a choice of customization ${row.id}`,
            { id: ref.choiceId },
          );
        }
      } else if (!ref.name || !ref.choiceType) {
        throw badRequest(
          nameCode,
          `${field}[${index}]: give a choiceId, or the choice's name and choiceType`,
        );
      } else if (
        !choices.some((choice) => choice.name.toLowerCase() === ref.name!.toLowerCase()) &&
        !toAdd.some((choice) => choice.name!.toLowerCase() === ref.name!.toLowerCase())
      ) {
        toAdd.push({ name: ref.name, choiceType: ref.choiceType, colorCode: ref.colorCode });
      }
    }
    if (toAdd.length > 0) {
      choices = addChoices(choices, toAdd, owner);
      const doc: CustomizationDoc = { ...(row.doc as CustomizationDoc), choicesSettings: { choices } };
      const saved = await customizations.updateAtRevision(
        ctx.site.id,
        row.id,
        row.revision,
        { name: row.name, doc: { ...doc } },
        tx,
      );
      if (!saved) throw staleRevision('Customization', row.id, row.revision, row.revision + 1);
      await publish(tx, ctx.site.id, storesEvents.customizationUpdated, {
        entity: customizationEntity(saved),
      });
    }
    const picked = refs.map((ref) => ({
      ref,
      choice: ref.choiceId
        ? choices.find((choice) => choice.id === ref.choiceId)!
        : choices.find((choice) => choice.name.toLowerCase() === ref.name!.toLowerCase())!,
    }));
    const seen = new Set<string>();
    for (const [index, { choice }] of picked.entries()) {
      if (seen.has(choice.id)) {
        throw badRequest(
          codes.duplicateVariantOptionChoice,
          `${field}[${index}] picks choice "${choice.name}" a second time`,
        );
      }
      seen.add(choice.id);
    }
    return picked;
  }

  function checkUnique(items: ReadonlyArray<{ id: string; name: string }>, field: string, code: string) {
    const ids = new Set<string>();
    const names = new Set<string>();
    for (const [index, item] of items.entries()) {
      if (ids.has(item.id) || names.has(item.name.toLowerCase())) {
        throw badRequest(code, `${field}[${index}] ("${item.name}") is given twice`, { id: item.id });
      }
      ids.add(item.id);
      names.add(item.name.toLowerCase());
    }
  }

  const connections = {
    /**
     * The product's options as the v1 and v3 views share them: each option is the customization (its id
     * and name), each choice the customization choice. An option the product already had that is no
     * customization (made through v1) stays the product's own.
     */
    async resolveOptions(
      tx: Tx,
      ctx: RequestContext,
      inputs: readonly ConnectedOptionInput[],
      existing: readonly ProductOptionDoc[],
      mediaIdsOf: (linked: ChoiceRef['linkedMedia']) => string[],
    ): Promise<ProductOptionDoc[]> {
      const options: ProductOptionDoc[] = [];
      for (const [index, input] of inputs.entries()) {
        const field = `product.options[${index}]`;
        const own = input.id ? existing.find((option) => option.id === input.id) : undefined;
        const ownCustomization =
          own && isUuid(own.id) ? await customizations.find(ctx.site.id, own.id, tx) : undefined;
        if (own && !ownCustomization) {
          options.push(ownOption(own, input, field, mediaIdsOf));
          continue;
        }
        const row = await customizationFor(
          tx,
          ctx,
          { id: input.id, name: input.name, renderType: input.optionRenderType },
          'PRODUCT_OPTION',
          field,
          () => ({
            doc: {
              choicesSettings: {
                choices: createChoices(
                  newChoiceInputs(input.choicesSettings.choices),
                  ownerOf(input.optionRenderType),
                ),
              },
            },
          }),
        );
        const picked = await pickChoices(
          tx,
          ctx,
          row,
          input.choicesSettings.choices,
          `${field}.choicesSettings.choices`,
          codes.optionChoiceNameAndTypeRequired,
        );
        const before = existing.find((option) => option.id === row.id);
        options.push({
          id: row.id,
          name: row.name,
          optionType: row.renderType === 'SWATCH_CHOICES' ? 'color' : 'drop_down',
          choices: picked.map(({ choice, ref }) => {
            const kept = before?.choices.find((candidate) => candidate.id === choice.id);
            return {
              id: choice.id,
              name: choice.name,
              value: choice.colorCode ?? choice.name,
              visible: ref.visible ?? kept?.visible ?? true,
              mediaIds: ref.linkedMedia ? mediaIdsOf(ref.linkedMedia) : (kept?.mediaIds ?? []),
            };
          }),
        });
      }
      checkUnique(options, 'product.options', codes.duplicateProductOptions);
      return options;
    },

    async resolveModifiers(
      tx: Tx,
      ctx: RequestContext,
      inputs: readonly ConnectedModifierInput[],
    ): Promise<ModifierDoc[]> {
      const modifiers: ModifierDoc[] = [];
      for (const [index, input] of inputs.entries()) {
        const field = `product.modifiers[${index}]`;
        const free = input.freeTextSettings;
        const row = await customizationFor(
          tx,
          ctx,
          { id: input.id, name: input.name, renderType: input.modifierRenderType },
          'MODIFIER',
          field,
          () =>
            input.modifierRenderType === 'FREE_TEXT'
              ? {
                  doc: {
                    freeTextInput: {
                      minCharCount: free?.minCharCount ?? 0,
                      maxCharCount: free?.maxCharCount ?? 500,
                      title: free?.title ?? input.name!,
                      ...(free?.defaultAddedPrice ? { defaultAddedPrice: free.defaultAddedPrice } : {}),
                    },
                  },
                }
              : {
                  doc: {
                    choicesSettings: {
                      choices: createChoices(newChoiceInputs(input.choicesSettings?.choices ?? []), {
                        customizationType: 'MODIFIER',
                        renderType: input.modifierRenderType!,
                      }),
                    },
                  },
                },
        );
        const doc = row.doc as CustomizationDoc;
        const modifier: ModifierDoc = {
          id: row.id,
          name: row.name,
          renderType: row.renderType as CustomizationRenderType,
          mandatory: input.mandatory ?? false,
        };
        if (row.renderType === 'FREE_TEXT') {
          const base = doc.freeTextInput!;
          modifier.freeText = {
            minCharCount: free?.minCharCount ?? base.minCharCount,
            maxCharCount: free?.maxCharCount ?? base.maxCharCount,
            title: free?.title ?? base.title,
            ...((free?.defaultAddedPrice ?? base.defaultAddedPrice)
              ? { defaultAddedPrice: (free?.defaultAddedPrice ?? base.defaultAddedPrice)! }
              : {}),
          };
        } else {
          const picked = await pickChoices(
            tx,
            ctx,
            row,
            input.choicesSettings?.choices ?? [],
            `${field}.choicesSettings.choices`,
            codes.modifierChoiceNameAndTypeRequired,
          );
          modifier.choices = picked.map(({ choice, ref }) => ({
            id: choice.id,
            name: choice.name,
            choiceType: choice.choiceType,
            ...(choice.colorCode ? { colorCode: choice.colorCode } : {}),
            ...((ref.addedPrice ?? choice.defaultAddedPrice)
              ? { addedPrice: (ref.addedPrice ?? choice.defaultAddedPrice)! }
              : {}),
          }));
        }
        modifiers.push(modifier);
      }
      checkUnique(modifiers, 'product.modifiers', codes.duplicateProductOptions);
      return modifiers;
    },

    /**
     * The modifiers after a v1 write of `customTextFields`: each text field is a FREE_TEXT modifier (the
     * customization named by its title, created when new), replacing the product's FREE_TEXT modifiers;
     * choice modifiers, which v1 cannot show, are kept.
     */
    async modifiersFromV1(
      tx: Tx,
      ctx: RequestContext,
      fields: readonly CustomTextFieldInput[],
      existing: readonly ModifierDoc[],
    ): Promise<ModifierDoc[]> {
      const texts = await connections.resolveModifiers(tx, ctx, fields.map(modifierOfTextField));
      return [...existing.filter((modifier) => modifier.renderType !== 'FREE_TEXT'), ...texts];
    },

    /**
     * The info sections of a v1 write of `additionalInfoSections`, in order: a section whose unique name is
     * the title and whose title and description are the same is reused; when that name holds other text,
     * the section named `<title> (<hash of the description>)` is, or is created (see the README).
     */
    async infoSectionIdsFromV1(
      tx: Tx,
      ctx: RequestContext,
      sections: readonly AdditionalInfoSectionInput[],
    ): Promise<string[]> {
      const ids: string[] = [];
      for (const section of sections) {
        const id = await infoSectionForV1(tx, ctx, section);
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    },

    /** A brand by id (which must exist) or by name (created when new); null clears it. */
    async brandId(tx: Tx, ctx: RequestContext, ref: LabelRef | null): Promise<string | null> {
      return labelId(tx, ctx, ref, 'brand');
    },

    async ribbonId(tx: Tx, ctx: RequestContext, ref: LabelRef | null): Promise<string | null> {
      return labelId(tx, ctx, ref, 'ribbon');
    },

    /** Info sections by id (which must exist) or by unique name (created with its title when new). */
    async infoSectionIds(tx: Tx, ctx: RequestContext, refs: readonly InfoSectionRef[]): Promise<string[]> {
      const ids: string[] = [];
      for (const [index, ref] of refs.entries()) {
        const field = `product.infoSections[${index}]`;
        let row = ref.id
          ? isUuid(ref.id)
            ? await infoSections.find(ctx.site.id, ref.id, tx)
            : undefined
          : ref.uniqueName
            ? await infoSections.findByUniqueName(ctx.site.id, ref.uniqueName, tx)
            : undefined;
        if (!row && ref.id) {
          throw badRequest(codes.infoSectionNotFound, `${field}.id: there is no info section ${ref.id}`, {
            id: ref.id,
          });
        }
        if (!row) {
          if (!ref.uniqueName || !ref.title) {
            throw badRequest(
              codes.infoSectionNotFound,
              `${field}: give the id of an info section, or its uniqueName and title`,
            );
          }
          const plain = ref.plainDescription ?? (ref.description ? htmlFromRichContent(ref.description) : '');
          const rich = ref.description ?? (plain ? richContentFromHtml(plain) : undefined);
          row =
            (await infoSections.insertIfNew(
              ctx.site.id,
              {
                uniqueName: ref.uniqueName,
                title: ref.title,
                doc: {
                  ...(rich ? { description: rich } : {}),
                  ...(plain ? { plainDescription: plain } : {}),
                },
              },
              tx,
            )) ?? (await infoSections.findByUniqueName(ctx.site.id, ref.uniqueName, tx));
          await publish(tx, ctx.site.id, storesEvents.infoSectionCreated, {
            entity: { id: row!.id, uniqueName: row!.uniqueName, title: row!.title },
          });
        }
        if (!ids.includes(row!.id)) ids.push(row!.id);
      }
      return ids;
    },
  };
  return connections;

  async function infoSectionForV1(
    tx: Tx,
    ctx: RequestContext,
    section: AdditionalInfoSectionInput,
  ): Promise<string> {
    const digest = createHash('sha256').update(section.description).digest('hex').slice(0, 8);
    for (const uniqueName of [section.title, `${section.title} (${digest})`]) {
      const found = await infoSections.findByUniqueName(ctx.site.id, uniqueName, tx);
      if (found && sameInfoSection(found, section)) return found.id;
      if (!found) {
        const created = await createInfoSectionForV1(tx, ctx, section, uniqueName);
        if (created) return created;
      }
    }
    // Both names hold other text (edited since through v3): a name of its own.
    const created = await createInfoSectionForV1(
      tx,
      ctx,
      section,
      `${section.title} (${crypto.randomUUID().slice(0, 8)})`,
    );
    return created!;
  }

  /** The new section's id, or undefined when another write took the name first. */
  async function createInfoSectionForV1(
    tx: Tx,
    ctx: RequestContext,
    section: AdditionalInfoSectionInput,
    uniqueName: string,
  ): Promise<string | undefined> {
    const row = await infoSections.insertIfNew(
      ctx.site.id,
      { uniqueName, title: section.title, doc: { ...infoSectionDocOf(null, section.description) } },
      tx,
    );
    if (!row) return undefined;
    await publish(tx, ctx.site.id, storesEvents.infoSectionCreated, {
      entity: { id: row.id, uniqueName: row.uniqueName, title: row.title },
    });
    return row.id;
  }

  async function labelId(
    tx: Tx,
    ctx: RequestContext,
    ref: LabelRef | null,
    kind: 'brand' | 'ribbon',
  ): Promise<string | null> {
    if (!ref || (!ref.id && !ref.name)) return null;
    if (ref.id) {
      const id = isUuid(ref.id) ? [ref.id] : [];
      const names = await labels.namesOf(
        ctx.site.id,
        kind === 'brand' ? { brandIds: id, ribbonIds: [] } : { brandIds: [], ribbonIds: id },
        tx,
      );
      if (!(kind === 'brand' ? names.brands : names.ribbons).has(ref.id)) {
        throw badRequest(
          kind === 'brand' ? codes.brandNotFound : codes.ribbonNotFound,
          `product.${kind}.id: there is no ${kind} ${ref.id}`,
          { id: ref.id },
        );
      }
      return ref.id;
    }
    return kind === 'brand'
      ? labels.brandIdFor(tx, ctx.site.id, ref.name!)
      : labels.ribbonIdFor(tx, ctx.site.id, ref.name!);
  }
}

/** A v1 custom text field as the v3 FREE_TEXT modifier it is (modifier names are at most 50 characters). */
function modifierOfTextField(field: CustomTextFieldInput): ConnectedModifierInput {
  return {
    name: field.title.slice(0, 50),
    modifierRenderType: 'FREE_TEXT',
    mandatory: field.mandatory ?? false,
    freeTextSettings: { title: field.title, minCharCount: 0, maxCharCount: field.maxLength },
  };
}

/** Whether an info section shows what a v1 section says (its title and its description as HTML). */
function sameInfoSection(row: StoresInfoSectionRow, section: AdditionalInfoSectionInput): boolean {
  const given = infoSectionDocOf(null, section.description).plainDescription ?? '';
  return row.title === section.title && infoSectionHtml(row) === given;
}

/** An info section's description as v1 shows it: the HTML it was given, else its rich content as HTML. */
export function infoSectionHtml(row: StoresInfoSectionRow): string {
  const doc = row.doc as {
    description?: Parameters<typeof htmlFromRichContent>[0];
    plainDescription?: string;
  };
  return doc.plainDescription ?? (doc.description ? htmlFromRichContent(doc.description) : '');
}

function ownerOf(renderType: string | null | undefined): ChoiceOwner {
  return {
    customizationType: 'PRODUCT_OPTION',
    renderType: (renderType ?? 'TEXT_CHOICES') as CustomizationRenderType,
  };
}

/** The choices a new customization starts with: those the product names (ids are the new customization's). */
function newChoiceInputs(refs: readonly ChoiceRef[]): ChoiceInput[] {
  return refs
    .filter((ref) => !ref.choiceId && ref.name)
    .map((ref) => ({ name: ref.name, choiceType: ref.choiceType, colorCode: ref.colorCode }));
}

/** An option made through v1 (no customization behind it): its choices by id or name. */
function ownOption(
  own: ProductOptionDoc,
  input: ConnectedOptionInput,
  field: string,
  mediaIdsOf: (linked: ChoiceRef['linkedMedia']) => string[],
): ProductOptionDoc {
  const choices: ProductChoiceDoc[] = input.choicesSettings.choices.map((ref, index) => {
    const kept = ref.choiceId
      ? own.choices.find((choice) => choice.id === ref.choiceId)
      : own.choices.find((choice) => choice.name === ref.name);
    if (!kept && ref.choiceId) {
      throw badRequest(
        codes.choiceNotExist,
        `${field}.choicesSettings.choices[${index}].choiceId ${ref.choiceId} is not a choice of option "${own.name}"`,
      );
    }
    if (!kept && !ref.name) {
      throw badRequest(
        codes.optionChoiceNameAndTypeRequired,
        `${field}.choicesSettings.choices[${index}]: give a choiceId, or the choice's name and choiceType`,
      );
    }
    return {
      id: kept?.id ?? crypto.randomUUID(),
      name: kept?.name ?? ref.name!,
      value: ref.colorCode ?? kept?.value ?? ref.name!,
      visible: ref.visible ?? kept?.visible ?? true,
      mediaIds: ref.linkedMedia ? mediaIdsOf(ref.linkedMedia) : (kept?.mediaIds ?? []),
    };
  });
  return { ...own, name: input.name ?? own.name, choices };
}
