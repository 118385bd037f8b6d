/** A half-open span of instants `[start, end)` in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/** Sorts by start and joins overlapping or touching spans; O(n log n), and O(n) when already sorted. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = isSortedByStart(intervals) ? intervals : [...intervals].sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    if (interval.end <= interval.start) continue;
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) {
      if (interval.end > last.end) last.end = interval.end;
    } else {
      merged.push({ start: interval.start, end: interval.end });
    }
  }
  return merged;
}

function isSortedByStart(intervals: readonly Interval[]): boolean {
  for (let index = 1; index < intervals.length; index += 1) {
    if (intervals[index]!.start < intervals[index - 1]!.start) return false;
  }
  return true;
}

/** The common part of two merged, sorted lists, by one sweep over both. */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i]!;
    const right = b[j]!;
    const start = Math.max(left.start, right.start);
    const end = Math.min(left.end, right.end);
    if (start < end) out.push({ start, end });
    if (left.end < right.end) i += 1;
    else j += 1;
  }
  return out;
}

/** Inclusive range of start instants `[first, last]`. */
export interface StartRange {
  first: number;
  last: number;
}

/**
 * Inclusive ranges of the instants at which something lasting `lengthMs` may start: inside one of
 * the `open` spans, and with `[start - padBeforeMs, start + lengthMs + padAfterMs)` clear of every `busy`
 * span. Both lists merged and sorted; one sweep, so the cost is linear in their lengths.
 */
export function startableRanges(
  open: readonly Interval[],
  busy: readonly Interval[],
  lengthMs: number,
  padBeforeMs: number,
  padAfterMs: number,
): StartRange[] {
  const out: StartRange[] = [];
  let b = 0;
  for (const span of open) {
    let lo = span.start;
    const hi = span.end - lengthMs;
    if (hi < lo) continue;
    // A busy span [p, q) forbids the starts in the open range (p - length - padAfter, q + padBefore).
    while (b < busy.length && busy[b]!.end + padBeforeMs <= lo) b += 1;
    let k = b;
    while (lo <= hi && k < busy.length) {
      const forbiddenFrom = busy[k]!.start - lengthMs - padAfterMs;
      const forbiddenTo = busy[k]!.end + padBeforeMs;
      if (forbiddenFrom >= hi) break;
      if (forbiddenFrom >= lo) out.push({ first: lo, last: forbiddenFrom });
      if (forbiddenTo > lo) lo = forbiddenTo;
      k += 1;
    }
    if (lo <= hi) out.push({ first: lo, last: hi });
  }
  return out;
}
