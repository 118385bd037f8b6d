import { money, multiply, sum, toDecimalString, zero, type Money } from '../../platform/money/money.ts';

/**
 * The price of a booking from the service's rate, the chosen variant and the number of participants.
 * Pure: no I/O; amounts through platform/money, each participant group's line rounded to the currency.
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

function unitPrice(
  service: PricedService,
  choices: readonly PricedChoice[] | undefined,
  currency: string,
): Money | null {
  if (service.rateType === 'NO_FEE') return zero(currency);
  if (service.rateType === 'CUSTOM') return null;
  if (service.rateType === 'VARIED' && choices && choices.length > 0) {
    const variant = findVariant(service, choices);
    if (!variant)
      throw new PriceError(
        'INVALID_VARIANT',
        `No variant of service ${service.id} matches the chosen options`,
      );
    return money(variant.price, currency);
  }
  return money(service.price ?? '0', currency);
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
  const lineTotals: Money[] = [];
  const deposits: Money[] = [];
  const descriptions: string[] = [];
  let calculable = true;
  const bookingLineItems = [];
  for (const line of lines) {
    const groups = line.serviceChoices?.length
      ? line.serviceChoices
      : [{ numberOfParticipants: line.numberOfParticipants ?? 1, choices: line.choices ?? [] }];
    for (const group of groups) {
      const unit = unitPrice(line.service, group.choices, currency);
      if (unit === null) {
        calculable = false;
        if (line.service.customDescription) descriptions.push(line.service.customDescription);
      } else {
        lineTotals.push(multiply(unit, group.numberOfParticipants));
      }
      if (line.service.rateType === 'FIXED' && line.service.depositEnabled && line.service.deposit) {
        deposits.push(multiply(money(line.service.deposit, currency), group.numberOfParticipants));
      }
      bookingLineItems.push({
        serviceId: line.service.id,
        ...(line.resourceId ? { resourceId: line.resourceId } : {}),
        ...(group.choices.length ? { choices: group.choices } : {}),
        numberOfParticipants: group.numberOfParticipants,
        pricePerParticipant: unit === null ? null : toDecimalString(unit),
      });
    }
  }
  return {
    ...(calculable
      ? { calculatedPrice: toDecimalString(sum(currency, lineTotals)) }
      : { priceDescription: descriptions.join('; ') }),
    currency,
    deposit: deposits.length === 0 ? null : toDecimalString(sum(currency, deposits)),
    bookingLineItems,
  };
}

/** The price as the official pricing client declares it: amounts are JSON numbers. */
export interface WirePriceInfo extends Omit<PriceInfo, 'calculatedPrice' | 'deposit' | 'bookingLineItems'> {
  calculatedPrice?: number;
  deposit: number | null;
  bookingLineItems: Array<
    Omit<PriceInfo['bookingLineItems'][number], 'pricePerParticipant'> & {
      pricePerParticipant: number | null;
    }
  >;
}

/**
 * The wire form of a computed price. Arithmetic stays decimal (platform/money); only the finished amounts,
 * already rounded to the currency's places, become numbers, because the official client declares
 * `calculatedPrice`, `deposit` and `pricePerParticipant` as numbers and passes them on unconverted. A
 * decimal of at most 15 significant digits survives the trip to a double and back exactly.
 */
export function toWirePriceInfo(info: PriceInfo): WirePriceInfo {
  const amount = (value: string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  const { calculatedPrice, ...rest } = info;
  return {
    ...rest,
    ...(calculatedPrice === undefined ? {} : { calculatedPrice: Number(calculatedPrice) }),
    deposit: amount(info.deposit),
    bookingLineItems: info.bookingLineItems.map((line) => ({
      ...line,
      pricePerParticipant: amount(line.pricePerParticipant),
    })),
  };
}
