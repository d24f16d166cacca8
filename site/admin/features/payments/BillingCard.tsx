/**
 * The dashboard's "Facturation" card (decision 134): money received this month without VAT (net of
 * reversals and credit notes), the open invoices and what remains due, those past due, and the
 * payments waiting for review. Loaded after the first paint, in its own chunk.
 */
import { useQuery } from '../../lib/query.ts';
import { Card, CardHeader, CardLink } from '../../ui/primitives.tsx';
import { formatChf, paymentsCopy } from './copy.ts';
import { paymentQueries } from './queries.ts';

const copy = paymentsCopy.dashboard;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

export function BillingCard() {
  const figures = useQuery(paymentQueries.dashboard());
  const data = figures.data;
  return (
    <Card className="mt-6" labelledBy="billing-card">
      <CardHeader id="billing-card" title={copy.title} action={<CardLink href="/admin/settings/paiements" text={copy.link} />} />
      {figures.errorText ? (
        <p role="alert" className="px-5 pb-5 text-sm text-red-700">
          {figures.errorText}
        </p>
      ) : (
        <dl className="grid grid-cols-1 gap-4 px-5 pb-5 sm:grid-cols-3">
          <Figure label={copy.monthRevenue} value={data ? formatChf(data.monthRevenueCents) : '…'} />
          <Figure
            label={copy.open}
            value={data ? `${data.openInvoices} · ${formatChf(data.openCents)}` : '…'}
            hint={data ? `${copy.overdue} : ${data.overdueInvoices} · ${formatChf(data.overdueCents)}` : undefined}
          />
          <Figure label={copy.toReview} value={data ? String(data.toReview) : '…'} />
        </dl>
      )}
    </Card>
  );
}
