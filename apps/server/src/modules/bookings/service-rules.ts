import { randomUUID } from 'node:crypto';
import type { AddOnGroup } from '@atrium/contract/bookings/services';
import type { FieldViolation } from '@atrium/contract/errors';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { invalid } from '../../platform/errors/app-error.ts';
import { compare, money } from '../../platform/money/money.ts';
import type { CatalogueEntitiesRepository } from './catalogue-entities.repository.ts';
import { isPlainObject } from './catalogue-shared.ts';
import type { PoliciesRepository } from './policies.repository.ts';
import type { PoliciesService } from './policies.service.ts';
import type { ServiceRow } from './catalogue.tables.ts';
import type { AddOnsRepository } from './add-ons.repository.ts';
import type { StaffRepository } from './staff.repository.ts';

/** Services without a form of their own use the site's default booking form (the contract's all-zero id). */
export const defaultBookingFormId = '00000000-0000-0000-0000-000000000000';

/** The wire fields kept in the `doc` column; the rest have columns of their own. */
export const docKeys = [
  'description',
  'tagLine',
  'media',
  'payment',
  'onlineBooking',
  'conferencing',
  'locations',
  'schedule',
  'serviceResources',
  'addOnGroups',
  'addOnDetails',
  'extendedFields',
  'seoData',
  'taxableAddress',
] as const;

/** A service as the rules see it: its wire fields, before they are split into columns and `doc`. */
export type ServiceState = Record<string, unknown>;
type MoneyLike = { value: string; currency?: string };

/** A stored service as the state the rules and updates work on. */
export function rowToState(row: ServiceRow): ServiceState {
  return {
    type: row.type,
    name: row.name,
    sortOrder: row.sortOrder,
    defaultCapacity: row.defaultCapacity,
    hidden: row.hidden,
    category: row.categoryId ? { id: row.categoryId } : null,
    form: row.formId ? { id: row.formId } : null,
    bookingPolicy: { id: row.bookingPolicyId },
    staffMemberIds: [...row.staffMemberIds],
    ...structuredClone(row.doc),
  };
}

/**
 * The rules of a service's content, one set for create and update: required fields, payment and prices in
 * the site's currency, references to staff, policies, categories and forms that exist, and the split into
 * columns and the `doc` column.
 */
export function createServiceRules(deps: {
  staff: StaffRepository;
  policies: PoliciesRepository;
  policiesService: PoliciesService;
  entities: CatalogueEntitiesRepository;
  /** Add-on groups may name only add-ons that exist. */
  addOns: Pick<AddOnsRepository, 'existingIds'>;
}) {
  const { staff, policies, entities } = deps;

  function normaliseMoney(
    money: MoneyLike | undefined,
    field: string,
    ctx: RequestContext,
    violations: FieldViolation[],
  ) {
    if (!money) return undefined;
    if (money.currency && money.currency !== ctx.site.currency) {
      violations.push({
        field: `${field}.currency`,
        description: `must be the site's currency ${ctx.site.currency}`,
        violatedRule: 'VALIDATION',
      });
    }
    return { ...money, currency: ctx.site.currency };
  }

  function normalisePayment(
    ctx: RequestContext,
    given: ServiceState | undefined,
    violations: FieldViolation[],
  ) {
    const payment = structuredClone(given ?? {}) as Record<string, Record<string, unknown> | unknown>;
    const fixed = payment.fixed as Record<string, MoneyLike | unknown> | undefined;
    const varied = payment.varied as Record<string, MoneyLike | unknown> | undefined;
    const rateType =
      (payment.rateType as string | undefined) ??
      (fixed?.price ? 'FIXED' : varied ? 'VARIED' : payment.custom ? 'CUSTOM' : 'NO_FEE');
    let price: string | null = null;
    const out: Record<string, unknown> = { rateType };
    if (rateType === 'FIXED') {
      if (!fixed?.price) {
        violations.push({
          field: 'service.payment.fixed.price',
          description: 'is required for rate type FIXED',
          violatedRule: 'REQUIRED_FIELD',
        });
      } else {
        const priceMoney = normaliseMoney(
          fixed.price as MoneyLike,
          'service.payment.fixed.price',
          ctx,
          violations,
        )!;
        const deposit = normaliseMoney(
          fixed.deposit as MoneyLike | undefined,
          'service.payment.fixed.deposit',
          ctx,
          violations,
        );
        if (
          deposit &&
          compare(money(deposit.value, deposit.currency), money(priceMoney.value, priceMoney.currency)) > 0
        ) {
          violations.push({
            field: 'service.payment.fixed.deposit',
            description: 'cannot be more than the price',
            violatedRule: 'VALIDATION',
          });
        }
        price = priceMoney.value;
        out.fixed = { ...fixed, price: priceMoney, ...(deposit ? { deposit } : {}) };
      }
    } else if (rateType === 'VARIED') {
      if (!varied?.defaultPrice) {
        violations.push({
          field: 'service.payment.varied.defaultPrice',
          description: 'is required for rate type VARIED',
          violatedRule: 'REQUIRED_FIELD',
        });
      } else {
        const variedOut: Record<string, unknown> = { ...varied };
        for (const key of ['defaultPrice', 'deposit', 'minPrice', 'maxPrice'] as const) {
          const money = normaliseMoney(
            varied[key] as MoneyLike | undefined,
            `service.payment.varied.${key}`,
            ctx,
            violations,
          );
          if (money) variedOut[key] = money;
        }
        price = (variedOut.defaultPrice as MoneyLike).value;
        out.varied = variedOut;
      }
    } else if (rateType === 'CUSTOM') {
      out.custom = payment.custom ?? { description: null };
    }
    const pricingPlanIds = [...new Set((payment.pricingPlanIds as string[] | undefined) ?? [])];
    out.options = {
      online: false,
      inPerson: true,
      deposit: false,
      ...(isPlainObject(payment.options) ? payment.options : {}),
      pricingPlan: pricingPlanIds.length > 0,
    };
    out.pricingPlanIds = pricingPlanIds;
    if (payment.addOnOption) out.addOnOption = payment.addOnOption;
    return { payment: out, rateType, price };
  }

  async function checkReferences(
    ctx: RequestContext,
    state: ServiceState,
    violations: FieldViolation[],
    tx: Tx,
  ) {
    const siteId = ctx.site.id;
    const staffIds = (state.staffMemberIds as string[] | undefined) ?? [];
    const found = new Set((await staff.findByIds(siteId, staffIds, tx)).map((row) => row.id));
    staffIds.forEach((id, index) => {
      if (!found.has(id)) {
        violations.push({
          field: `service.staffMemberIds[${index}]`,
          description: `staff member ${id} not found`,
          violatedRule: 'VALIDATION',
        });
      }
    });
    const categoryId = (state.category as { id?: string } | null | undefined)?.id;
    if (categoryId && !(await entities.findCategory(siteId, categoryId, tx))) {
      violations.push({
        field: 'service.category.id',
        description: `category ${categoryId} not found`,
        violatedRule: 'VALIDATION',
      });
    }
    const policyId = (state.bookingPolicy as { id?: string } | null | undefined)?.id;
    if (policyId && !(await policies.findById(siteId, policyId, tx))) {
      violations.push({
        field: 'service.bookingPolicy.id',
        description: `booking policy ${policyId} not found`,
        violatedRule: 'VALIDATION',
      });
    }
    const groups = (state.addOnGroups as AddOnGroup[] | undefined) ?? [];
    const named = groups.flatMap((group) => group.addOnIds ?? []);
    const addOns = await deps.addOns.existingIds(siteId, named, tx);
    groups.forEach((group, groupIndex) => {
      (group.addOnIds ?? []).forEach((id, index) => {
        if (!addOns.has(id)) {
          violations.push({
            field: `service.addOnGroups[${groupIndex}].addOnIds[${index}]`,
            description: `${id} is not an add-on of this site (create it with POST /bookings/v1/add-ons first)`,
            violatedRule: 'VALIDATION',
          });
        }
      });
    });
    const serviceResources =
      (state.serviceResources as
        Array<{ resourceType: { id: string }; resourceIds?: { values: string[] } }> | undefined) ?? [];
    const typeIds = serviceResources.map((item) => item.resourceType.id);
    const types = new Set((await entities.findResourceTypes(siteId, typeIds, tx)).map((row) => row.id));
    for (const [index, item] of serviceResources.entries()) {
      if (!types.has(item.resourceType.id)) {
        violations.push({
          field: `service.serviceResources[${index}].resourceType.id`,
          description: `resource type ${item.resourceType.id} not found`,
          violatedRule: 'VALIDATION',
        });
        continue;
      }
      const ids = item.resourceIds?.values ?? [];
      const resources = await entities.findResources(siteId, ids, tx);
      for (const id of ids) {
        const resource = resources.find((row) => row.id === id);
        if (!resource || resource.typeId !== item.resourceType.id) {
          violations.push({
            field: `service.serviceResources[${index}].resourceIds`,
            description: `resource ${id} is not a resource of type ${item.resourceType.id}`,
            violatedRule: 'VALIDATION',
          });
        }
      }
    }
  }

  /** One set of rules for create and update: the whole state is checked and turned into columns. */
  async function normalise(ctx: RequestContext, state: ServiceState, tx: Tx) {
    const violations: FieldViolation[] = [];
    if (!state.name)
      violations.push({ field: 'service.name', description: 'is required', violatedRule: 'REQUIRED_FIELD' });
    if (!state.type)
      violations.push({ field: 'service.type', description: 'is required', violatedRule: 'REQUIRED_FIELD' });
    const type = state.type as string;
    const { payment, rateType, price } = normalisePayment(
      ctx,
      state.payment as ServiceState | undefined,
      violations,
    );

    const schedule = (state.schedule ?? {}) as { availabilityConstraints?: Record<string, unknown> };
    const constraints = { ...(schedule.availabilityConstraints ?? {}) } as {
      durations?: Array<{ minutes: number }>;
      sessionDurations?: number[];
      timeBetweenSessions?: number;
      timeBeforeSessions?: number;
    };
    if (!constraints.durations?.length) {
      constraints.durations = constraints.sessionDurations?.length
        ? constraints.sessionDurations.map((minutes) => ({ minutes }))
        : [{ minutes: 60 }];
    }
    if (!constraints.sessionDurations?.length)
      constraints.sessionDurations = constraints.durations.map((d) => d.minutes);
    constraints.timeBetweenSessions ??= 0;
    constraints.timeBeforeSessions ??= 0;

    const staffMemberIds = [...new Set((state.staffMemberIds as string[] | undefined) ?? [])];
    state.staffMemberIds = staffMemberIds;
    await checkReferences(ctx, state, violations, tx);
    if (violations.length > 0) throw invalid(violations);

    const policyId =
      (state.bookingPolicy as { id?: string } | null | undefined)?.id ??
      (await deps.policiesService.ensureDefault(ctx.site.id, tx)).id;
    const locations = ((state.locations as Array<Record<string, unknown>> | undefined) ?? []).map(
      (location) =>
        location.type === 'CUSTOM'
          ? {
              ...location,
              custom: {
                ...(location.custom as object),
                id: (location.custom as { id?: string } | undefined)?.id ?? randomUUID(),
              },
            }
          : location,
    );
    const addOnGroups = ((state.addOnGroups as AddOnGroup[] | undefined) ?? []).map((group) => ({
      ...group,
      id: group.id ?? randomUUID(),
    }));
    const onlineBooking = {
      enabled: true,
      requireManualApproval: false,
      allowMultipleRequests: false,
      ...(isPlainObject(state.onlineBooking) ? state.onlineBooking : {}),
    } as { enabled: boolean | null; requireManualApproval: boolean | null };

    const doc: Record<string, unknown> = {};
    for (const key of docKeys) if (state[key] !== undefined && state[key] !== null) doc[key] = state[key];
    Object.assign(doc, {
      payment,
      onlineBooking,
      conferencing: { enabled: false, ...(isPlainObject(state.conferencing) ? state.conferencing : {}) },
      locations: locations.length ? locations : [{ type: 'BUSINESS' }],
      schedule: { availabilityConstraints: constraints },
      addOnGroups,
    });

    return {
      columns: {
        type,
        name: state.name as string,
        sortOrder: (state.sortOrder as number | null | undefined) ?? 0,
        defaultCapacity:
          (state.defaultCapacity as number | null | undefined) ?? (type === 'APPOINTMENT' ? 1 : 10),
        hidden: (state.hidden as boolean | null | undefined) ?? false,
        categoryId: (state.category as { id?: string } | null | undefined)?.id ?? null,
        formId: (state.form as { id?: string } | null | undefined)?.id ?? defaultBookingFormId,
        bookingPolicyId: policyId,
        rateType,
        price,
        currency: ctx.site.currency,
        onlineBookingEnabled: onlineBooking.enabled !== false,
        requireManualApproval: onlineBooking.requireManualApproval === true,
        durationMinutes: constraints.durations[0]!.minutes,
        bufferAfterMinutes: constraints.timeBetweenSessions,
        bufferBeforeMinutes: constraints.timeBeforeSessions,
        staffMemberIds,
      },
      doc,
    };
  }

  return { normalise };
}
