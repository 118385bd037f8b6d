/**
 * Where a visitor is in the booking flow, kept in the page's address (`?step=review&staff=…&start=…`), so
 * Back, Forward, reload and shared links bring them to the same place.
 */
export type StepId = 'choose' | 'time' | 'details' | 'review';

export interface FlowAddress {
  step?: StepId;
  staff?: string;
  /** The local day (`YYYY-MM-DD`) the calendar shows. */
  day?: string;
  /** The chosen time's start (ISO instant), with the class session or event it belongs to. */
  start?: string;
  session?: string;
  event?: string;
  /** The booking just made: the page shows its confirmation. */
  booking?: string;
}

const stepIds: readonly StepId[] = ['choose', 'time', 'details', 'review'];
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const idPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** Reads the flow from the address; anything malformed is left out, as if it was not there. */
export function readFlowAddress(params: URLSearchParams): FlowAddress {
  const address: FlowAddress = {};
  const step = params.get('step');
  if (step && (stepIds as readonly string[]).includes(step)) address.step = step as StepId;
  const day = params.get('day');
  if (day && dayPattern.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))) address.day = day;
  const start = params.get('start');
  if (start && !Number.isNaN(Date.parse(start))) address.start = new Date(start).toISOString();
  for (const key of ['staff', 'session', 'event', 'booking'] as const) {
    const value = params.get(key);
    if (value && idPattern.test(value)) address[key] = value;
  }
  return address;
}

/** The address of `address`, other query parameters of the page kept. */
export function writeFlowAddress(params: URLSearchParams, address: FlowAddress): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['step', 'staff', 'day', 'start', 'session', 'event', 'booking'] as const) {
    const value = address[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
