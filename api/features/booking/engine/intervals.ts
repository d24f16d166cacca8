/**
 * Half-open time intervals [start, end) as epoch milliseconds, the one representation the feed reader
 * and the availability engine compare: sorted and merged once, then searched by bisection.
 */
export type Span = readonly [start: number, end: number];

/** Sorts and joins overlapping or touching intervals, after clipping them to [from, to); empty ones go. */
export function mergeSpans(spans: Iterable<Span>, from = -Infinity, to = Infinity): Array<[number, number]> {
  const clipped: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const clippedStart = Math.max(start, from);
    const clippedEnd = Math.min(end, to);
    if (clippedEnd > clippedStart) clipped.push([clippedStart, clippedEnd]);
  }
  clipped.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const span of clipped) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}

/** Whether [start, end) overlaps one of `merged` (sorted and disjoint, as {@link mergeSpans} returns them). */
export function overlapsAny(merged: ReadonlyArray<Span>, start: number, end: number): boolean {
  // The first interval that ends after `start`: merged intervals are disjoint, so their ends are sorted too.
  let low = 0;
  let high = merged.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (merged[middle]![1] > start) high = middle;
    else low = middle + 1;
  }
  return low < merged.length && merged[low]![0] < end;
}
