import type { CheckoutInfoInput, TestCard } from '@atrium/sdk/modules/ecom';
import { buyerEmailSchema } from '@atrium/contract/ecom/common';
import { testGatewayTokenRequestSchema } from '@atrium/contract/ecom/payments';
import { t } from '../strings.ts';

/** The checkout form as the buyer fills it in; empty strings until typed. */
export interface AddressValues {
  addressLine: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  subdivision: string;
  country: string;
}

export interface CheckoutValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  shipping: AddressValues;
  billingSameAsShipping: boolean;
  billing: AddressValues;
  note: string;
  payment: 'card' | 'inPerson';
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CheckoutErrors = Partial<Record<string, string>>;

/** The digits of a card number as typed with spaces or dashes. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** `1230` or `12 / 30` as the `MM/YY` the gateway reads. */
export function normalizeExpiry(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 4 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : value.trim();
}

/** The card as the test gateway's tokenizer takes it. */
export function cardOf(values: Pick<CheckoutValues, 'cardNumber' | 'expiry' | 'cvc'>): TestCard {
  return {
    cardNumber: cardDigits(values.cardNumber),
    expiry: normalizeExpiry(values.expiry),
    cvc: values.cvc.trim(),
  };
}

function checkAddress(prefix: string, address: AddressValues, errors: CheckoutErrors) {
  for (const field of ['addressLine', 'city', 'postalCode', 'country'] as const) {
    if (!address[field].trim()) errors[`${prefix}.${field}`] = t.checkout.required;
  }
}

/**
 * What is missing or malformed, by field, before anything is sent: the email and the card are checked with
 * the contract's own schemas (the server's rules); the address fields a parcel needs are required when
 * something ships.
 */
export function validateCheckout(values: CheckoutValues, ships: boolean): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!values.email.trim()) errors.email = t.checkout.required;
  else if (!buyerEmailSchema.safeParse(values.email.trim()).success) errors.email = t.checkout.invalidEmail;
  if (!values.firstName.trim()) errors.firstName = t.checkout.required;
  if (!values.lastName.trim()) errors.lastName = t.checkout.required;
  if (ships) {
    checkAddress('shipping', values.shipping, errors);
    if (!values.billingSameAsShipping) checkAddress('billing', values.billing, errors);
  }
  if (values.payment === 'card') {
    const card = testGatewayTokenRequestSchema.safeParse(cardOf(values));
    for (const issue of card.success ? [] : card.error.issues) {
      const field = issue.path[0];
      if (field === 'cardNumber') errors.cardNumber = t.checkout.invalidCard;
      if (field === 'expiry') errors.expiry = t.checkout.invalidExpiry;
      if (field === 'cvc') errors.cvc = t.checkout.invalidCvc;
    }
    if (!values.expiry.trim()) errors.expiry = t.checkout.required;
    if (!values.cvc.trim()) errors.cvc = t.checkout.required;
  }
  return errors;
}

function addressOf(values: AddressValues) {
  const trimmed = Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  return trimmed;
}

/** The buyer's details as the checkout stores them: email, billing contact and address, shipping destination. */
export function checkoutInfoOf(values: CheckoutValues, ships: boolean): CheckoutInfoInput {
  const contactDetails = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
  };
  const shipping = addressOf(values.shipping);
  const billing = ships && values.billingSameAsShipping ? shipping : addressOf(values.billing);
  return {
    buyerInfo: { email: values.email.trim() },
    billingInfo: { contactDetails, ...(Object.keys(billing).length > 0 ? { address: billing } : {}) },
    ...(ships ? { shippingInfo: { shippingDestination: { address: shipping, contactDetails } } } : {}),
    ...(values.note.trim() ? { buyerNote: values.note.trim() } : {}),
  };
}
