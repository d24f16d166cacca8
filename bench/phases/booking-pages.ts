/**
 * The booking page's rate beside the landing page's, and the landing page's p99 while a host's
 * calendar feed is read (bench/booking-pages.ts, decision 126).
 */
import { benchBookingPages, bookingPagesTargets, renderBookingPagesSection } from '../booking-pages.ts';
import { definePhase } from '../phase.ts';

export const bookingPagesPhase = definePhase({
  name: 'booking-pages',
  key: 'bookingPages',
  run: (context) => benchBookingPages({ siteDistDir: context.siteDistDir, durationS: context.durationS }),
  targets: (result) => bookingPagesTargets(result),
  report: (result, measured) => renderBookingPagesSection(result, `## 9b. The booking page's rate and the public page during a feed reading ${measured}`),
});
