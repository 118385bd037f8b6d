import { ApplicationError, AtriumError, InvalidArgumentError } from '@atrium/sdk';
import { t } from '../strings.ts';

/** A refusal of the order in the buyer's words, and which part of the page it concerns. */
export interface CheckoutProblem {
  message: string;
  /** `payment`: shown by the card fields; `items`: shown over the order summary; `form`: over the button. */
  area: 'payment' | 'items' | 'form';
}

/** The gateway's decline code (`card_declined`, `insufficient_funds`...) a PAYMENT_ERROR carries. */
function declineCode(error: AtriumError): string | undefined {
  if (!(error instanceof ApplicationError)) return undefined;
  const details = error.data.paymentErrorResponseData as { failureDetails?: unknown } | undefined;
  return typeof details?.failureDetails === 'string' ? details.failureDetails : undefined;
}

/** What went wrong placing an order, by the server's codes (never its message text). */
export function explainCheckoutError(error: unknown): CheckoutProblem {
  const e = t.checkout.errors;
  if (error instanceof InvalidArgumentError) {
    const card = error.fieldViolations.some((violation) => /card|expiry|cvc/i.test(violation.field));
    return card ? { message: t.checkout.invalidCard, area: 'payment' } : { message: e.generic, area: 'form' };
  }
  if (!(error instanceof AtriumError)) return { message: e.generic, area: 'form' };
  switch (error.code) {
    case 'PAYMENT_ERROR': {
      const reasons: Readonly<Record<string, string>> = e.declineReasons;
      const reason = reasons[declineCode(error) ?? ''];
      return { message: reason ? e.declinedWith(reason) : e.declined, area: 'payment' };
    }
    case 'PARTIAL_OUT_OF_STOCK':
      return { message: e.outOfStock, area: 'items' };
    case 'FULL_OUT_OF_STOCK':
      return { message: e.fullOutOfStock, area: 'items' };
    case 'EMPTY_CHECKOUT':
      return { message: e.empty, area: 'items' };
    case 'CHECKOUT_IS_COMPLETE':
      return { message: e.complete, area: 'form' };
    case 'CHECKOUT_PAYMENT_ALREADY_IN_PROGRESS':
      return { message: e.inProgress, area: 'payment' };
    default:
      return { message: e.generic, area: 'form' };
  }
}
