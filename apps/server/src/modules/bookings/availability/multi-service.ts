import type {
  AppointmentAvailabilityInput,
  AvailableResources,
  PolicyViolations,
} from './availability.types.ts';
import { policyViolations, violatesPolicy } from './booking-policy.ts';
import { createStartChecker, gridMinutesOf, gridStarts, prepareAppointment } from './compute-slots.ts';
import type { Interval } from './intervals.ts';
import type { ZoneTimeline } from './zone-timeline.ts';

export interface ChainedPart extends Interval {
  serviceId: string;
  scheduleId: string;
  staffMemberIds: string[];
  availableResources: AvailableResources[];
}

export interface ChainedSlot extends Interval {
  parts: ChainedPart[];
  violations: PolicyViolations;
  bookable: boolean;
}

/**
 * Back-to-back slots for several appointment services (a multi-service booking): the first service
 * starts on its grid, each next one starts exactly when the previous ends, and each part needs a free
 * staff member (and resources) of its own service. The window bounds the first start; every part must
 * be free on its own terms (hours, busy time, its own buffers). A slot is bookable only when every
 * part's policy allows it. Cost: one sweep per service, as the part starts grow with the first start.
 */
export function computeChainedSlots(inputs: readonly AppointmentAvailabilityInput[]): ChainedSlot[] {
  if (inputs.length === 0) return [];
  const first = inputs[0]!;
  const timelines = new Map<string, ZoneTimeline>();
  const totalMs = inputs.reduce((sum, input) => sum + input.service.durationMinutes * 60_000, 0);
  // Later parts start after the window's end; read their hours and busy time that far.
  const prepared = inputs.map((input) =>
    prepareAppointment(
      { ...input, window: { start: input.window.start, end: input.window.end + totalMs } },
      timelines,
    ),
  );
  const checkers = prepared.map((part) => createStartChecker(part));
  const grid = gridStarts(
    prepared[0]!.businessTimeline,
    first.window,
    gridMinutesOf(first.service),
    prepared[0]!.startableHours,
  );
  const slots: ChainedSlot[] = [];
  for (const start of grid) {
    if (start < first.now) continue;
    const parts: ChainedPart[] = [];
    let at = start;
    let violations: PolicyViolations | undefined;
    for (const [index, input] of inputs.entries()) {
      const free = checkers[index]!(at);
      if (!free) break;
      const end = at + input.service.durationMinutes * 60_000;
      parts.push({
        start: at,
        end,
        serviceId: input.service.id,
        scheduleId: input.service.scheduleId,
        staffMemberIds: free.staffMemberIds,
        availableResources: free.availableResources,
      });
      violations = mergeViolations(violations, policyViolations(at, input.now, input.service.policy));
      at = end;
    }
    if (parts.length !== inputs.length || !violations) continue;
    slots.push({ start, end: at, parts, violations, bookable: !violatesPolicy(violations) });
  }
  return slots;
}

function mergeViolations(a: PolicyViolations | undefined, b: PolicyViolations): PolicyViolations {
  if (!a) return b;
  return {
    tooEarlyToBook: a.tooEarlyToBook || b.tooEarlyToBook,
    tooLateToBook: a.tooLateToBook || b.tooLateToBook,
    bookOnlineDisabled: a.bookOnlineDisabled || b.bookOnlineDisabled,
    earliestBookingDate: maxOrNull(a.earliestBookingDate, b.earliestBookingDate),
  };
}

function maxOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
