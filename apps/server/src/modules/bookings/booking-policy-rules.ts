/**
 * Booking-policy rules without I/O: the default policy of a site, and the strictest combination of
 * several policies (a booking of several services must satisfy all of them).
 */

export interface PolicyDoc {
  customPolicyDescription?: { enabled?: boolean; description?: string };
  limitEarlyBookingPolicy?: { enabled?: boolean; earliestBookingInMinutes?: number };
  limitLateBookingPolicy?: { enabled?: boolean; latestBookingInMinutes?: number };
  bookAfterStartPolicy?: { enabled?: boolean };
  cancellationPolicy?: {
    enabled?: boolean;
    limitLatestCancellation?: boolean;
    latestCancellationInMinutes?: number;
    allowAnonymous?: boolean | null;
  };
  reschedulePolicy?: {
    enabled?: boolean;
    limitLatestReschedule?: boolean;
    latestRescheduleInMinutes?: number;
    allowAnonymous?: boolean | null;
  };
  waitlistPolicy?: { enabled?: boolean; capacity?: number; reservationTimeInMinutes?: number };
  participantsPolicy?: { maxParticipantsPerBooking?: number };
  resourcesPolicy?: { enabled?: boolean; autoAssignAllowed?: boolean };
  cancellationFeePolicy?: {
    enabled?: boolean;
    cancellationWindows?: Array<Record<string, unknown>>;
    autoCollectFeeEnabled?: boolean | null;
  };
  saveCreditCardPolicy?: { enabled?: boolean };
  extendedFields?: Record<string, unknown>;
}

/** A site's policy until the owner changes it: book any time ahead, cancel and reschedule freely, one person. */
export function defaultPolicyDoc(): Required<Omit<PolicyDoc, 'extendedFields'>> {
  return {
    customPolicyDescription: { enabled: false, description: '' },
    limitEarlyBookingPolicy: { enabled: false, earliestBookingInMinutes: 10080 },
    limitLateBookingPolicy: { enabled: false, latestBookingInMinutes: 1440 },
    bookAfterStartPolicy: { enabled: false },
    cancellationPolicy: {
      enabled: true,
      limitLatestCancellation: false,
      latestCancellationInMinutes: 1440,
      allowAnonymous: false,
    },
    reschedulePolicy: {
      enabled: true,
      limitLatestReschedule: false,
      latestRescheduleInMinutes: 1440,
      allowAnonymous: false,
    },
    waitlistPolicy: { enabled: false, capacity: 10, reservationTimeInMinutes: 10 },
    participantsPolicy: { maxParticipantsPerBooking: 1 },
    resourcesPolicy: { enabled: false, autoAssignAllowed: false },
    cancellationFeePolicy: { enabled: false, cancellationWindows: [], autoCollectFeeEnabled: false },
    saveCreditCardPolicy: { enabled: false },
  };
}

/** Fills what a stored policy leaves out with the defaults, part by part. */
export function completePolicy(
  doc: PolicyDoc,
): Required<Omit<PolicyDoc, 'extendedFields'>> & Pick<PolicyDoc, 'extendedFields'> {
  const defaults = defaultPolicyDoc();
  return {
    customPolicyDescription: { ...defaults.customPolicyDescription, ...doc.customPolicyDescription },
    limitEarlyBookingPolicy: { ...defaults.limitEarlyBookingPolicy, ...doc.limitEarlyBookingPolicy },
    limitLateBookingPolicy: { ...defaults.limitLateBookingPolicy, ...doc.limitLateBookingPolicy },
    bookAfterStartPolicy: { ...defaults.bookAfterStartPolicy, ...doc.bookAfterStartPolicy },
    cancellationPolicy: { ...defaults.cancellationPolicy, ...doc.cancellationPolicy },
    reschedulePolicy: { ...defaults.reschedulePolicy, ...doc.reschedulePolicy },
    waitlistPolicy: { ...defaults.waitlistPolicy, ...doc.waitlistPolicy },
    participantsPolicy: { ...defaults.participantsPolicy, ...doc.participantsPolicy },
    resourcesPolicy: { ...defaults.resourcesPolicy, ...doc.resourcesPolicy },
    cancellationFeePolicy: { ...defaults.cancellationFeePolicy, ...doc.cancellationFeePolicy },
    saveCreditCardPolicy: { ...defaults.saveCreditCardPolicy, ...doc.saveCreditCardPolicy },
    ...(doc.extendedFields ? { extendedFields: doc.extendedFields } : {}),
  };
}

const minOf = (values: number[]) => (values.length ? Math.min(...values) : undefined);
const maxOf = (values: number[]) => (values.length ? Math.max(...values) : undefined);

/**
 * The strictest combination: a limit applies when any policy sets it, at its tightest value; a
 * permission (cancel, reschedule, book after start, waitlist) holds only when every policy grants it.
 */
export function strictestPolicy(docs: readonly PolicyDoc[]): ReturnType<typeof completePolicy> {
  const all = docs.map(completePolicy);
  if (all.length === 0) return completePolicy({});
  const every = (pick: (doc: (typeof all)[number]) => boolean | undefined | null) =>
    all.every((doc) => pick(doc) === true);
  const some = (pick: (doc: (typeof all)[number]) => boolean | undefined | null) =>
    all.some((doc) => pick(doc) === true);
  const first = all[0]!;

  const early = all.filter((doc) => doc.limitEarlyBookingPolicy.enabled);
  const late = all.filter((doc) => doc.limitLateBookingPolicy.enabled);
  const cancelLimits = all.filter((doc) => doc.cancellationPolicy.limitLatestCancellation);
  const rescheduleLimits = all.filter((doc) => doc.reschedulePolicy.limitLatestReschedule);
  const fees = all.filter((doc) => doc.cancellationFeePolicy.enabled);

  return {
    customPolicyDescription: {
      enabled: some((doc) => doc.customPolicyDescription.enabled),
      description: all
        .filter((doc) => doc.customPolicyDescription.enabled && doc.customPolicyDescription.description)
        .map((doc) => doc.customPolicyDescription.description)
        .join('\n\n'),
    },
    limitEarlyBookingPolicy: {
      enabled: early.length > 0,
      earliestBookingInMinutes:
        minOf(early.map((doc) => doc.limitEarlyBookingPolicy.earliestBookingInMinutes!)) ??
        first.limitEarlyBookingPolicy.earliestBookingInMinutes,
    },
    limitLateBookingPolicy: {
      enabled: late.length > 0,
      latestBookingInMinutes:
        maxOf(late.map((doc) => doc.limitLateBookingPolicy.latestBookingInMinutes!)) ??
        first.limitLateBookingPolicy.latestBookingInMinutes,
    },
    bookAfterStartPolicy: { enabled: every((doc) => doc.bookAfterStartPolicy.enabled) },
    cancellationPolicy: {
      enabled: every((doc) => doc.cancellationPolicy.enabled),
      limitLatestCancellation: cancelLimits.length > 0,
      latestCancellationInMinutes:
        maxOf(cancelLimits.map((doc) => doc.cancellationPolicy.latestCancellationInMinutes!)) ??
        first.cancellationPolicy.latestCancellationInMinutes,
      allowAnonymous: every((doc) => doc.cancellationPolicy.allowAnonymous),
    },
    reschedulePolicy: {
      enabled: every((doc) => doc.reschedulePolicy.enabled),
      limitLatestReschedule: rescheduleLimits.length > 0,
      latestRescheduleInMinutes:
        maxOf(rescheduleLimits.map((doc) => doc.reschedulePolicy.latestRescheduleInMinutes!)) ??
        first.reschedulePolicy.latestRescheduleInMinutes,
      allowAnonymous: every((doc) => doc.reschedulePolicy.allowAnonymous),
    },
    waitlistPolicy: {
      enabled: every((doc) => doc.waitlistPolicy.enabled),
      capacity: minOf(all.map((doc) => doc.waitlistPolicy.capacity!))!,
      reservationTimeInMinutes: minOf(all.map((doc) => doc.waitlistPolicy.reservationTimeInMinutes!))!,
    },
    participantsPolicy: {
      maxParticipantsPerBooking: minOf(all.map((doc) => doc.participantsPolicy.maxParticipantsPerBooking!))!,
    },
    resourcesPolicy: {
      enabled: some((doc) => doc.resourcesPolicy.enabled),
      autoAssignAllowed: every((doc) => doc.resourcesPolicy.autoAssignAllowed),
    },
    cancellationFeePolicy: {
      enabled: fees.length > 0,
      // Fee windows of different policies do not combine meaningfully: the first policy with fees decides.
      cancellationWindows: fees[0]?.cancellationFeePolicy.cancellationWindows ?? [],
      autoCollectFeeEnabled: some((doc) => doc.cancellationFeePolicy.autoCollectFeeEnabled),
    },
    saveCreditCardPolicy: { enabled: some((doc) => doc.saveCreditCardPolicy.enabled) },
  };
}
