/**
 * Wall-clock times of a named IANA zone turned into instants, with the zone's offset kept per zone
 * and calendar day. A feed of 2,000 events places thousands of times, nearly all of them on days
 * without a change of offset; @date-fns/tz's TZDate asks Intl for the offset several times per
 * time, which made reading one feed block the event loop for about 0.2 s
 * (docs/decisions/117-booking-header-link-and-feed-offsets.md).
 *
 * A day's offset is measured by TZDate at its first and last second. When both agree, every time
 * of that day is that far from UTC; when they differ (a change of offset that day: twice a year in
 * Europe), each time of that day is placed by TZDate itself, so a time in the skipped or repeated
 * hour gets exactly TZDate's answer. The result is TZDate's in every case, only cheaper.
 */
import { TZDate } from '@date-fns/tz';

const DAY_MS = 86_400_000;
/** Days kept per process: a feed's two years of history and months ahead in a handful of zones. */
const MAX_DAYS = 20_000;

/** Per "zone:day number", the offset (wall clock minus instant, in ms), or null on a day the offset changes. */
const offsets = new Map<string, number | null>();

function tzInstant(wallMs: number, zone: string): number {
  const wall = new Date(wallMs);
  return new TZDate(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), zone).getTime();
}

function dayOffset(zone: string, day: number): number | null {
  const key = `${zone}:${day}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = day * DAY_MS;
    const last = first + DAY_MS - 1000;
    const atFirst = first - tzInstant(first, zone);
    const atLast = last - tzInstant(last, zone);
    offset = atFirst === atLast && Number.isFinite(atFirst) ? atFirst : null;
    if (offsets.size >= MAX_DAYS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The instant of a wall-clock time in `zone` (an IANA name the runtime knows), as
 * `new TZDate(year, monthIndex, day, hours, minutes, seconds, zone).getTime()`; the fields may
 * overflow like Date.UTC's (day 32 is the next month's first).
 */
export function wallTimeToInstant(zone: string, year: number, monthIndex: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  const wallMs = Date.UTC(year, monthIndex, day, hours, minutes, seconds);
  const offset = dayOffset(zone, Math.floor(wallMs / DAY_MS));
  return offset === null ? tzInstant(wallMs, zone) : wallMs - offset;
}
