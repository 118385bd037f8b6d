import { randomUUID } from 'node:crypto';
import { bookingsCatalogueErrorCodes } from '@atrium/contract/bookings/services';
import type { FieldViolation } from '@atrium/contract/errors';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import {
  AppError,
  conflict,
  invalid,
  invalidField,
  notFound,
  staleRevision,
} from '../../platform/errors/app-error.ts';
import { max, min, money } from '../../platform/money/money.ts';
import { toBookingsMoney } from '../../platform/money/wire.ts';
import { catalogueEvents, type PublishCatalogueEvent } from './catalogue-events.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import { applyUpdate, expectedRevision } from './catalogue-shared.ts';
import type { ServiceOptionsRow, ServiceRow } from './catalogue.tables.ts';
import type { OptionsRepository } from './options.repository.ts';
import {
  computePrice,
  PriceError,
  toWirePriceInfo,
  type PricedChoice,
  type PricedService,
  type PriceLine,
} from './price.ts';
import type { ServicesRepository } from './services.repository.ts';

interface OptionInput {
  id: string;
  type: 'CUSTOM' | 'STAFF_MEMBER' | 'DURATION';
  customData?: { name: string; choices?: string[] };
  durationData?: { name?: string | null };
}
interface VariantInput {
  choices: PricedChoice[];
  price: { value: string; currency?: string };
}
interface OptionsInput {
  id?: string | null;
  serviceId?: string | null;
  revision?: string | null;
  options?: { values: OptionInput[] };
  variants?: { values: VariantInput[] };
}

type Json = Array<Record<string, unknown>>;

export function createOptionsService(deps: {
  database: Database;
  options: OptionsRepository;
  services: ServicesRepository;
  publish: PublishCatalogueEvent;
  queries: QueryRunner;
}) {
  const { database, options, services, publish, queries } = deps;

  function toWire(ctx: RequestContext, row: ServiceOptionsRow) {
    const variants = (row.variants as unknown as VariantInput[]).map((variant) => ({
      choices: variant.choices,
      price: { value: variant.price.value, currency: ctx.site.currency },
    }));
    const [first, ...rest] = variants.map((variant) => money(variant.price.value, ctx.site.currency));
    return {
      id: row.id,
      serviceId: row.serviceId,
      options: { values: row.options as unknown as OptionInput[] },
      variants: { values: variants },
      ...(first
        ? { minPrice: toBookingsMoney(min(first, ...rest)), maxPrice: toBookingsMoney(max(first, ...rest)) }
        : {}),
      revision: String(row.revision),
    };
  }

  /** Options and variants must agree: every variant picks one choice of each option, and no two variants are alike. */
  function validate(
    ctx: RequestContext,
    service: ServiceRow,
    input: { options: OptionInput[]; variants: VariantInput[] },
    field: string,
  ) {
    const violations: FieldViolation[] = [];
    const byId = new Map<string, OptionInput>();
    for (const [index, option] of input.options.entries()) {
      if (byId.has(option.id))
        violations.push({
          field: `${field}.options.values[${index}].id`,
          description: 'is used twice',
          violatedRule: 'VALIDATION',
        });
      byId.set(option.id, option);
      if (option.type === 'CUSTOM' && !option.customData) {
        violations.push({
          field: `${field}.options.values[${index}].customData`,
          description: 'is required for a CUSTOM option',
          violatedRule: 'REQUIRED_FIELD',
        });
      }
      if (
        option.type !== 'CUSTOM' &&
        input.options.filter((other) => other.type === option.type).length > 1
      ) {
        violations.push({
          field: `${field}.options.values[${index}].type`,
          description: `only one ${option.type} option is allowed`,
          violatedRule: 'VALIDATION',
        });
      }
    }
    const seen = new Set<string>();
    for (const [index, variant] of input.variants.entries()) {
      const at = `${field}.variants.values[${index}]`;
      if (variant.price.currency && variant.price.currency !== ctx.site.currency) {
        violations.push({
          field: `${at}.price.currency`,
          description: `must be the site's currency ${ctx.site.currency}`,
          violatedRule: 'VALIDATION',
        });
      }
      const optionIds = variant.choices.map((choice) => choice.optionId);
      if (new Set(optionIds).size !== optionIds.length || optionIds.length !== byId.size) {
        violations.push({
          field: `${at}.choices`,
          description: 'must hold exactly one choice of each option',
          violatedRule: 'VALIDATION',
        });
      }
      for (const [choiceIndex, choice] of variant.choices.entries()) {
        const option = byId.get(choice.optionId);
        const cat = `${at}.choices[${choiceIndex}]`;
        if (!option) {
          violations.push({
            field: `${cat}.optionId`,
            description: `option ${choice.optionId} not found`,
            violatedRule: 'VALIDATION',
          });
        } else if (
          option.type === 'CUSTOM' &&
          (!choice.custom ||
            (option.customData?.choices && !option.customData.choices.includes(choice.custom)))
        ) {
          violations.push({
            field: `${cat}.custom`,
            description: "must be one of the option's choices",
            violatedRule: 'VALIDATION',
          });
        } else if (
          option.type === 'STAFF_MEMBER' &&
          (!choice.staffMemberId || !service.staffMemberIds.includes(choice.staffMemberId))
        ) {
          violations.push({
            field: `${cat}.staffMemberId`,
            description: 'must be a staff member of the service',
            violatedRule: 'VALIDATION',
          });
        } else if (option.type === 'DURATION' && !choice.duration) {
          violations.push({
            field: `${cat}.duration`,
            description: 'is required for a DURATION option',
            violatedRule: 'REQUIRED_FIELD',
          });
        }
      }
      const key = JSON.stringify(
        [...variant.choices]
          .sort((a, b) => a.optionId.localeCompare(b.optionId))
          .map((choice) => [
            choice.optionId,
            choice.custom ?? null,
            choice.staffMemberId ?? null,
            choice.duration?.minutes ?? null,
          ]),
      );
      if (seen.has(key))
        violations.push({
          field: `${at}.choices`,
          description: 'repeats another variant',
          violatedRule: 'VALIDATION',
        });
      seen.add(key);
    }
    if (violations.length) throw invalid(violations);
    return {
      options: input.options as unknown as Json,
      variants: input.variants.map((variant) => ({
        choices: variant.choices,
        price: { value: variant.price.value },
      })) as unknown as Json,
    };
  }

  async function requireRow(ctx: RequestContext, id: string, executor: Executor = database.db) {
    const row = await options.findById(ctx.site.id, id, executor);
    if (!row) throw notFound('Service options and variants', id);
    return row;
  }

  async function pricedService(
    ctx: RequestContext,
    serviceId: string,
    field: string,
  ): Promise<PricedService> {
    const row = await services.findById(ctx.site.id, serviceId);
    if (!row) throw invalidField(field, `service ${serviceId} not found`);
    const payment = ((row.doc as Record<string, unknown>).payment ?? {}) as {
      fixed?: { deposit?: { value: string } };
      custom?: { description?: string | null };
      options?: { deposit?: boolean | null };
    };
    const variantsRow =
      row.rateType === 'VARIED' ? await options.findByServiceId(ctx.site.id, serviceId) : undefined;
    return {
      id: row.id,
      rateType: row.rateType,
      price: row.price,
      deposit: payment.fixed?.deposit?.value ?? null,
      depositEnabled: payment.options?.deposit === true,
      customDescription: payment.custom?.description ?? null,
      variants: ((variantsRow?.variants ?? []) as unknown as VariantInput[]).map((variant) => ({
        choices: variant.choices,
        price: variant.price.value,
      })),
    };
  }

  function priced(lines: PriceLine[], currency: string) {
    try {
      return toWirePriceInfo(computePrice(lines, currency));
    } catch (error) {
      if (error instanceof PriceError)
        throw new AppError(400, bookingsCatalogueErrorCodes.invalidVariant, error.message);
      throw error;
    }
  }

  return {
    async create(ctx: RequestContext, input: OptionsInput & { serviceId: string }) {
      return database.transaction(async (tx) => {
        const service = await services.findById(ctx.site.id, input.serviceId, tx);
        if (!service)
          throw invalidField('serviceOptionsAndVariants.serviceId', `service ${input.serviceId} not found`);
        const values = validate(
          ctx,
          service,
          { options: input.options?.values ?? [], variants: input.variants?.values ?? [] },
          'serviceOptionsAndVariants',
        );
        const row = await options.insert({ siteId: ctx.site.id, serviceId: service.id, ...values }, tx);
        if (!row) {
          throw conflict(
            bookingsCatalogueErrorCodes.optionsAlreadyExist,
            `Service ${service.id} already has options and variants: update them instead`,
            {
              serviceId: service.id,
            },
          );
        }
        const wire = toWire(ctx, row);
        await publish(tx, ctx.site.id, catalogueEvents.serviceOptionsCreated, { entity: wire });
        return wire;
      });
    },

    async get(ctx: RequestContext, id: string) {
      return toWire(ctx, await requireRow(ctx, id));
    },

    async getByServiceId(ctx: RequestContext, serviceId: string) {
      const row = await options.findByServiceId(ctx.site.id, serviceId);
      if (!row) throw notFound('Service options and variants of service', serviceId);
      return toWire(ctx, row);
    },

    async update(ctx: RequestContext, id: string, input: OptionsInput, mask: string[] | undefined) {
      if (input.id && input.id !== id)
        throw invalidField('serviceOptionsAndVariants.id', `must match the id in the path (${id})`);
      return database.transaction(async (tx) => {
        const current = await requireRow(ctx, id, tx);
        const expected = expectedRevision(input.revision, current.revision);
        if (expected !== current.revision)
          throw staleRevision('Service options and variants', id, expected, current.revision);
        const next = applyUpdate(
          { options: { values: current.options }, variants: { values: current.variants } },
          input as Record<string, unknown>,
          mask,
          { updatable: ['options', 'variants'], maskField: 'mask' },
        ) as { options?: { values: OptionInput[] }; variants?: { values: VariantInput[] } };
        const service = await services.findById(ctx.site.id, current.serviceId, tx);
        if (!service) throw notFound('Service', current.serviceId);
        const values = validate(
          ctx,
          service,
          { options: next.options?.values ?? [], variants: next.variants?.values ?? [] },
          'serviceOptionsAndVariants',
        );
        const row = await options.updateAtRevision(ctx.site.id, id, expected, values, tx);
        if (!row) throw staleRevision('Service options and variants', id, expected, current.revision + 1);
        const wire = toWire(ctx, row);
        await publish(tx, ctx.site.id, catalogueEvents.serviceOptionsUpdated, { entity: wire });
        return wire;
      });
    },

    async delete(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        if (!(await options.delete(ctx.site.id, id, tx))) throw notFound('Service options and variants', id);
        await publish(tx, ctx.site.id, catalogueEvents.serviceOptionsDeleted, { entityId: id });
      });
    },

    /** Copies options and variants to another service; option ids are renewed, staff choices must still fit. */
    async clone(ctx: RequestContext, fromId: string, targetServiceId: string) {
      return database.transaction(async (tx) => {
        const source = await requireRow(ctx, fromId, tx);
        const service = await services.findById(ctx.site.id, targetServiceId, tx);
        if (!service) throw invalidField('targetServiceId', `service ${targetServiceId} not found`);
        const renamed = new Map(
          (source.options as unknown as OptionInput[]).map((option) => [option.id, randomUUID()]),
        );
        const values = validate(
          ctx,
          service,
          {
            options: (source.options as unknown as OptionInput[]).map((option) => ({
              ...option,
              id: renamed.get(option.id)!,
            })),
            variants: (source.variants as unknown as VariantInput[]).map((variant) => ({
              ...variant,
              choices: variant.choices.map((choice) => ({
                ...choice,
                optionId: renamed.get(choice.optionId)!,
              })),
            })),
          },
          'serviceOptionsAndVariants',
        );
        const row = await options.insert({ siteId: ctx.site.id, serviceId: service.id, ...values }, tx);
        if (!row)
          throw conflict(
            bookingsCatalogueErrorCodes.optionsAlreadyExist,
            `Service ${service.id} already has options and variants`,
          );
        const wire = toWire(ctx, row);
        await publish(tx, ctx.site.id, catalogueEvents.serviceOptionsCreated, { entity: wire });
        return wire;
      });
    },

    async query(ctx: RequestContext, query: QueryInput) {
      const { rows, pagingMetadata } = await options.query(queries, ctx.site.id, query);
      return {
        serviceOptionsAndVariantsList: rows.map((row) => toWire(ctx, row)),
        // The bookings contract's offset metadata has no hasNext.
        pagingMetadata: {
          count: pagingMetadata.count,
          offset: pagingMetadata.offset,
          total: pagingMetadata.total,
          tooManyToCount: pagingMetadata.tooManyToCount,
        },
      };
    },

    async previewPrice(
      ctx: RequestContext,
      lineItems: Array<{
        serviceId: string;
        resourceId?: string | null;
        choices?: PricedChoice[];
        numberOfParticipants?: number | null;
        serviceChoices?: Array<{ numberOfParticipants: number; choices: PricedChoice[] }>;
      }>,
    ) {
      const lines: PriceLine[] = [];
      for (const [index, item] of lineItems.entries()) {
        lines.push({
          ...item,
          service: await pricedService(ctx, item.serviceId, `bookingLineItems[${index}].serviceId`),
        });
      }
      return priced(lines, ctx.site.currency);
    },

    async calculatePrice(
      ctx: RequestContext,
      booking: {
        bookedEntity: { slot: { serviceId: string; resource?: { id?: string | null } } };
        totalParticipants?: number;
        participantsChoices?: {
          serviceChoices: Array<{ numberOfParticipants: number; choices: PricedChoice[] }>;
        };
      },
    ) {
      const service = await pricedService(
        ctx,
        booking.bookedEntity.slot.serviceId,
        'booking.bookedEntity.slot.serviceId',
      );
      return priced(
        [
          {
            service,
            resourceId: booking.bookedEntity.slot.resource?.id ?? null,
            numberOfParticipants: booking.totalParticipants ?? 1,
            serviceChoices: booking.participantsChoices?.serviceChoices,
          },
        ],
        ctx.site.currency,
      );
    },
  };
}

export type OptionsService = ReturnType<typeof createOptionsService>;
