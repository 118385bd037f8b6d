import Decimal from 'decimal.js';

/**
 * The price of a booking from the service's rate, the chosen variant and the number of participants.
 * Pure: no I/O, decimal arithmetic only (platform rule: money is never a float).
 */

export interface PricedChoice {
  optionId: string;
  custom?: string;
  staffMemberId?: string;
  duration?: { minutes: number };
}

export interface PricedService {
  id: string;
  rateType: string;
  /** FIXED price, or the VARIED default price. */
  price: string | null;
  deposit: string | null;
  depositEnabled: boolean;
  customDescription: string | null;
  variants: Array<{ choices: PricedChoice[]; price: string }>;
}

export interface PriceLine {
  service: PricedService;
  resourceId?: string | null;
  choices?: PricedChoice[];
  numberOfParticipants?: number | null;
  serviceChoices?: Array<{ numberOfParticipants: number; choices: PricedChoice[] }>;
}

export class PriceError extends Error {
  constructor(
    readonly code: 'INVALID_VARIANT',
    message: string,
  ) {
    super(message);
  }
}

function sameChoice(a: PricedChoice, b: PricedChoice): boolean {
  return (
    a.optionId === b.optionId &&
    (a.custom ?? null) === (b.custom ?? null) &&
    (a.staffMemberId ?? null) === (b.staffMemberId ?? null) &&
    (a.duration?.minutes ?? null) === (b.duration?.minutes ?? null)
  );
}

/** The variant whose choices are exactly the given ones (order does not matter). */
export function findVariant(service: PricedService, choices: readonly PricedChoice[]) {
  return service.variants.find(
    (variant) =>
      variant.choices.length === choices.length &&
      variant.choices.every((choice) => choices.some((given) => sameChoice(choice, given))),
  );
}

function unitPrice(service: PricedService, choices: readonly PricedChoice[] | undefined): Decimal | null {
  if (service.rateType === 'NO_FEE') return new Decimal(0);
  if (service.rateType === 'CUSTOM') return null;
  if (service.rateType === 'VARIED' && choices && choices.length > 0) {
    const variant = findVariant(service, choices);
    if (!variant)
      throw new PriceError(
        'INVALID_VARIANT',
        `No variant of service ${service.id} matches the chosen options`,
      );
    return new Decimal(variant.price);
  }
  return new Decimal(service.price ?? 0);
}

export function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

export interface PriceInfo {
  calculatedPrice?: string;
  priceDescription?: string;
  currency: string;
  deposit: string | null;
  bookingLineItems: Array<{
    serviceId: string;
    resourceId?: string;
    choices?: PricedChoice[];
    numberOfParticipants: number;
    pricePerParticipant: string | null;
  }>;
}

export function computePrice(lines: readonly PriceLine[], currency: string): PriceInfo {
  const digits = fractionDigits(currency);
  let total = new Decimal(0);
  let deposit: Decimal | null = null;
  const descriptions: string[] = [];
  let calculable = true;
  const bookingLineItems = [];
  for (const line of lines) {
    const groups = line.serviceChoices?.length
      ? line.serviceChoices
      : [{ numberOfParticipants: line.numberOfParticipants ?? 1, choices: line.choices ?? [] }];
    for (const group of groups) {
      const unit = unitPrice(line.service, group.choices);
      if (unit === null) {
        calculable = false;
        if (line.service.customDescription) descriptions.push(line.service.customDescription);
      } else {
        total = total.plus(unit.times(group.numberOfParticipants));
      }
      if (line.service.rateType === 'FIXED' && line.service.depositEnabled && line.service.deposit) {
        deposit = (deposit ?? new Decimal(0)).plus(
          new Decimal(line.service.deposit).times(group.numberOfParticipants),
        );
      }
      bookingLineItems.push({
        serviceId: line.service.id,
        ...(line.resourceId ? { resourceId: line.resourceId } : {}),
        ...(group.choices.length ? { choices: group.choices } : {}),
        numberOfParticipants: group.numberOfParticipants,
        pricePerParticipant: unit === null ? null : unit.toFixed(digits),
      });
    }
  }
  return {
    ...(calculable
      ? { calculatedPrice: total.toFixed(digits) }
      : { priceDescription: descriptions.join('; ') }),
    currency,
    deposit: deposit === null ? null : deposit.toFixed(digits),
    bookingLineItems,
  };
}
