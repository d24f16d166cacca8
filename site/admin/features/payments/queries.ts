/** The calls of the payments screens (decisions 133 and 134), with their cache keys and changes. */
import type { BankFileImportJson, BillingDashboardJson, PaymentJson, PaymentPageJson, RevenueJson, PaymentStatus } from '#contract/payments';
import type { AnalyticsPeriod, VisitChannel } from '#contract';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';

export const REVIEW_PAGE_SIZE = 20;

/** An import or a decision changes the lists, the dashboard's card, the invoices and the contacts' client badge. */
const PAYMENT_TOUCHES: readonly QueryKey[] = [['payments'], ['billing'], ['invoices'], ['leads'], ['lead'], ['revenue']];

export const paymentQueries = {
  list: (status: PaymentStatus | '', page: number) => ({
    key: ['payments', adminBase(), status, String(page)] as const,
    fetcher: getJson<PaymentPageJson>(withQuery(`${adminBase()}/payments`, { status, page, limit: REVIEW_PAGE_SIZE })),
  }),
  dashboard: () => ({ key: ['billing', 'dashboard', adminBase()] as const, fetcher: getJson<BillingDashboardJson>(`${adminBase()}/stats/billing`) }),
  revenue: (period: AnalyticsPeriod, channel: VisitChannel | '', campaign: string) => ({
    key: ['revenue', adminBase(), period, channel, campaign] as const,
    fetcher: getJson<RevenueJson>(withQuery(`${adminBase()}/analytics/revenue`, { period, channel, campaign })),
  }),
};

export const paymentMutations = {
  importFile: mutation(
    (file: Blob) => http.post(`${adminBase()}/bank-files`, { body: file, headers: { 'content-type': 'application/xml' } }).json<BankFileImportJson>(),
    PAYMENT_TOUCHES,
  ),
  assign: mutation((id: number, invoiceNumber: string) => http.patch(`${adminBase()}/payments/${id}`, { json: { invoiceNumber } }).json<PaymentJson>(), PAYMENT_TOUCHES),
  ignore: mutation((id: number) => http.patch(`${adminBase()}/payments/${id}`, { json: { status: 'ignored' } }).json<PaymentJson>(), PAYMENT_TOUCHES),
};
