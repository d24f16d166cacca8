/** The calls of the payments screens (decisions 133 and 134), with their cache keys and changes. */
import type { BankFileImportJson, BillingDashboardJson, PaymentJson, PaymentPageJson, RevenueJson, PaymentStatus } from '#contract/payments';
import type { AnalyticsPeriod, VisitChannel } from '#contract';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { billingKeys } from '../billing/queries.ts';
import { contactKeys } from '../contacts/queries.ts';

export const REVIEW_PAGE_SIZE = 20;

/** The payments' cache keys: the payments to review and the revenue figures. */
export const paymentKeys = {
  all: ['payments'] as const,
  revenue: ['revenue'] as const,
};

/** An import or a decision changes the lists, the dashboard's card, the invoices and the contacts' client badge. */
const paymentTouches = (): readonly QueryKey[] => [paymentKeys.all, billingKeys.all, contactKeys.leads, contactKeys.anyLead, paymentKeys.revenue];

export const paymentQueries = {
  list: (status: PaymentStatus | '', page: number) => ({
    key: [...paymentKeys.all, adminBase(), status, String(page)] as const,
    fetcher: getJson<PaymentPageJson>(withQuery(`${adminBase()}/payments`, { status, page, limit: REVIEW_PAGE_SIZE })),
  }),
  dashboard: () => ({ key: [...billingKeys.all, 'dashboard', adminBase()] as const, fetcher: getJson<BillingDashboardJson>(`${adminBase()}/stats/billing`) }),
  revenue: (period: AnalyticsPeriod, channel: VisitChannel | '', campaign: string) => ({
    key: [...paymentKeys.revenue, adminBase(), period, channel, campaign] as const,
    fetcher: getJson<RevenueJson>(withQuery(`${adminBase()}/analytics/revenue`, { period, channel, campaign })),
  }),
};

/** The one file field the server reads; the browser sets the multipart Content-Type with its boundary. */
function uploadForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export const paymentMutations = {
  importFile: mutation(
    // Sent as a form upload (decision 142): the browser names the file and its type, and the server streams it with its limit.
    (file: File) => http.post(`${adminBase()}/bank-files`, { body: uploadForm(file) }).json<BankFileImportJson>(),
    paymentTouches,
  ),
  assign: mutation((id: number, invoiceNumber: string) => http.patch(`${adminBase()}/payments/${id}`, { json: { invoiceNumber } }).json<PaymentJson>(), paymentTouches),
  ignore: mutation((id: number) => http.patch(`${adminBase()}/payments/${id}`, { json: { status: 'ignored' } }).json<PaymentJson>(), paymentTouches),
};
