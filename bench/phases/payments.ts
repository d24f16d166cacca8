/**
 * Importing a camt.054 of 10,000 entries against open invoices (bench/payments.ts), several files
 * through one process (its memory), beside reading the file alone.
 */
import { benchPayments, renderPaymentsSection } from '../payments.ts';
import { definePhase } from '../phase.ts';

export const paymentsPhase = definePhase({
  name: 'payments',
  key: 'payments',
  run: (context) => benchPayments({ siteDistDir: context.siteDistDir, entries: 10_000, rounds: context.quick ? 2 : 6 }),
  report: (result, measured) => renderPaymentsSection(result, measured),
});
