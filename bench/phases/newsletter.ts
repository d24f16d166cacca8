/**
 * Sending a newsletter (bench/newsletter.ts, decision 112): the recipients' snapshot, lead capture
 * during the send, and the pace kept at the cap.
 */
import { benchNewsletter, newsletterTargets, renderNewsletterSection } from '../newsletter.ts';
import { definePhase } from '../phase.ts';

export const newsletterPhase = definePhase({
  name: 'newsletter',
  key: 'newsletter',
  run: (context) => benchNewsletter({ siteDistDir: context.siteDistDir, durationS: context.durationS, paceSeconds: context.quick ? 60 : 300 }),
  targets: (result) => newsletterTargets(result),
  report: (result, measured) => renderNewsletterSection(result, `## 10. Newsletter sending ${measured}`),
});
