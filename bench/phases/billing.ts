/**
 * The invoice PDF with its QR-bill (bench/billing.ts, decision 127), beside a plain PDF of the same
 * totals, in this process.
 */
import { benchBilling, billingTargets, renderBillingSection } from '../billing.ts';
import { definePhase } from '../phase.ts';

export const billingPhase = definePhase({
  name: 'billing',
  key: 'billing',
  run: (context) => benchBilling({ samples: context.quick ? 50 : 200 }),
  targets: (result) => billingTargets(result),
  report: (result, measured) => renderBillingSection(result, `## 11. Invoice PDF ${measured}`),
});
