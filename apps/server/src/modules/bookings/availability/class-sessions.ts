import type {
  RecurringSessionRule,
  SessionAvailabilityInput,
  SessionSlot,
  SingleSession,
} from './availability.types.ts';
import { weekdays } from './availability.types.ts';
import { policyViolations, violatesPolicy } from './booking-policy.ts';
import type { Interval } from './intervals.ts';
import { parseLocalTime } from './weekly-hours.ts';
import {
  createZoneTimeline,
  isoToWall,
  startOfWallDay,
  wallDayMs,
  wallToIso,
  wallWeekday,
  type ZoneTimeline,
} from './zone-timeline.ts';

export interface Session extends Interval {
  id: string;
  capacity: number;
  staffMemberId: string | null;
}

/**
 * Id of one occurrence of a weekly rule: the rule id and the local start, `<ruleId>_20261122T100000`.
 * Stable, so a booking can name the session before any row exists for it, and at least 36 characters
 * (the contract's event ids are).
 */
export function occurrenceId(ruleId: string, localStart: string): string {
  return `${ruleId}_${localStart.replaceAll('-', '').replaceAll(':', '')}`;
}

/**
 * The sessions of a schedule that start in `window`: each weekly rule's occurrences (local start time in
 * the business zone, so a 10:00 class stays at 10:00 across DST; a start inside a spring-forward gap moves
 * later, Temporal's 'compatible'), plus one-off sessions. A one-off with an occurrence's id replaces it,
 * and a cancelled one removes it.
 */
export function expandSessions(
  rules: readonly RecurringSessionRule[],
  singles: readonly SingleSession[],
  defaultCapacity: number,
  timeline: ZoneTimeline,
  window: Interval,
): Session[] {
  const overrides = new Map(singles.map((session) => [session.id, session]));
  const sessions: Session[] = [];
  const firstDay = startOfWallDay(timeline.toWall(window.start)) - wallDayMs;
  const lastDay = startOfWallDay(timeline.toWall(window.end)) + wallDayMs;
  for (const rule of rules) {
    const startMinutes = parseLocalTime(rule.startTime);
    if (startMinutes === undefined || startMinutes >= 1440) continue;
    const isoWeekday = weekdays.indexOf(rule.weekday) + 1;
    const from = rule.validFrom ? isoToWall(rule.validFrom) : undefined;
    const until = rule.validUntil ? isoToWall(rule.validUntil) : undefined;
    for (let day = firstDay; day <= lastDay; day += wallDayMs) {
      if (wallWeekday(day) !== isoWeekday) continue;
      if ((from !== undefined && day < from) || (until !== undefined && day > until)) continue;
      const wallStart = day + startMinutes * 60_000;
      const start = timeline.fromWallCompatible(wallStart);
      if (start < window.start || start >= window.end) continue;
      const id = occurrenceId(rule.id, wallToIso(wallStart));
      if (overrides.has(id)) continue;
      sessions.push({
        id,
        start,
        end: start + rule.durationMinutes * 60_000,
        capacity: rule.capacity ?? defaultCapacity,
        staffMemberId: rule.staffMemberId ?? null,
      });
    }
  }
  for (const single of singles) {
    if (single.cancelled || single.start < window.start || single.start >= window.end) continue;
    sessions.push({
      id: single.id,
      start: single.start,
      end: single.end,
      capacity: single.capacity ?? defaultCapacity,
      staffMemberId: single.staffMemberId ?? null,
    });
  }
  return sessions.sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}

/**
 * Class sessions in the window with their spots: capacity minus the participants booked on that session.
 * Full sessions are listed (openSpots 0, not bookable) so a calendar can show them.
 */
export function computeClassSlots(input: SessionAvailabilityInput): SessionSlot[] {
  const { service, window } = input;
  const timeline = createZoneTimeline(input.business.timeZone, window.start, window.end);
  const wanted = input.staffMemberIds ? new Set(input.staffMemberIds) : undefined;
  return expandSessions(input.rules, input.sessions, service.capacity, timeline, window)
    .filter((session) => session.start >= input.now)
    .filter((session) => !wanted || (session.staffMemberId !== null && wanted.has(session.staffMemberId)))
    .map((session) => {
      const openSpots = Math.max(0, session.capacity - (input.bookedBySession.get(session.id) ?? 0));
      const violations = policyViolations(session.start, input.now, service.policy);
      return {
        start: session.start,
        end: session.end,
        serviceId: service.id,
        scheduleId: service.scheduleId,
        sessionId: session.id,
        staffMemberId: session.staffMemberId,
        totalSpots: session.capacity,
        openSpots,
        violations,
        bookable: openSpots > 0 && !violatesPolicy(violations),
      };
    });
}

export interface CourseAvailability {
  totalSpots: number;
  openSpots: number;
  firstSessionStart: number | null;
  lastSessionEnd: number | null;
  violations: ReturnType<typeof policyViolations>;
  bookable: boolean;
}

/**
 * A course is booked once for all its sessions: its spots are the service capacity minus the enrolled
 * participants, and the policy is judged against the first session (enrolment closes when the course
 * starts unless the policy allows booking after the start). `allSessions` are the course's sessions over
 * its whole span, not a window.
 */
export function computeCourseAvailability(
  input: Pick<SessionAvailabilityInput, 'service' | 'enrolled' | 'now'>,
  allSessions: readonly Session[],
): CourseAvailability {
  const { service } = input;
  const first = allSessions[0];
  const last = allSessions.reduce<Session | undefined>(
    (latest, session) => (!latest || session.end > latest.end ? session : latest),
    undefined,
  );
  const openSpots = Math.max(0, service.capacity - input.enrolled);
  const judgedAt = first ? first.start : input.now;
  const violations = policyViolations(judgedAt, input.now, service.policy);
  if (service.policy.bookAfterStartEnabled && last && last.end > input.now) violations.tooLateToBook = false;
  if (!first) violations.tooLateToBook = true;
  return {
    totalSpots: service.capacity,
    openSpots,
    firstSessionStart: first?.start ?? null,
    lastSessionEnd: last?.end ?? null,
    violations,
    bookable: openSpots > 0 && !violatesPolicy(violations),
  };
}

/**
 * Course sessions in the window, each carrying the course's spots and bookability (one enrolment covers
 * them all). `span` is the course's whole range, used to find its first session.
 */
export function computeCourseSlots(input: SessionAvailabilityInput, span: Interval): SessionSlot[] {
  const { service, window } = input;
  const timeline = createZoneTimeline(
    input.business.timeZone,
    Math.min(span.start, window.start),
    Math.max(span.end, window.end),
  );
  const all = expandSessions(input.rules, input.sessions, service.capacity, timeline, span);
  const course = computeCourseAvailability(input, all);
  return expandSessions(input.rules, input.sessions, service.capacity, timeline, window).map((session) => ({
    start: session.start,
    end: session.end,
    serviceId: service.id,
    scheduleId: service.scheduleId,
    sessionId: session.id,
    staffMemberId: session.staffMemberId,
    totalSpots: course.totalSpots,
    openSpots: course.openSpots,
    violations: course.violations,
    bookable: course.bookable,
  }));
}

/**
 * The whole range of a course: from its earliest rule start or one-off session to its latest. A rule with
 * no end is cut at `fallback.end` (a course normally has an end date).
 */
export function courseSpan(
  rules: readonly RecurringSessionRule[],
  singles: readonly SingleSession[],
  timeline: ZoneTimeline,
  fallback: Interval,
): Interval {
  let start = Infinity;
  let end = -Infinity;
  for (const rule of rules) {
    const from = rule.validFrom ? isoToWall(rule.validFrom) : undefined;
    const until = rule.validUntil ? isoToWall(rule.validUntil) : undefined;
    start = Math.min(start, from === undefined ? fallback.start : timeline.fromWallCompatible(from));
    end = Math.max(
      end,
      until === undefined ? fallback.end : timeline.fromWallCompatible(until + 2 * wallDayMs),
    );
  }
  for (const single of singles) {
    start = Math.min(start, single.start);
    end = Math.max(end, single.end + 1);
  }
  return Number.isFinite(start) && Number.isFinite(end) ? { start, end } : fallback;
}
