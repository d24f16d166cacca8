/** The contacts list's view (page, search, filters) lives in the URL, so "back" returns to the same view. */
import { isPeriod } from '../../../lib/periods.ts';

export interface ListParams {
  page: number;
  search: string;
  source: string;
  status: string;
  period: string;
  /** "Par date" range: first and last day (yyyy-MM-dd, Swiss days), exclusive of `period`. */
  from: string;
  to: string;
  /** One tag (the Tags screen links here with `?tag=`). */
  tag: string;
  newsletter: string;
  /** "Origine": the first touch's channel and campaign (decision 115). */
  channel: string;
  campaign: string;
  /** `true`: the clients only (decision 134). */
  client: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | undefined) => (value && DAY.test(value) ? value : '');

export function readListParams(search: Record<string, string | undefined>): ListParams {
  return {
    page: Math.max(1, Number.parseInt(search.page ?? '1', 10) || 1),
    search: search.search ?? '',
    source: search.source ?? '',
    status: search.status ?? '',
    period: isPeriod(search.period) ? search.period : '',
    from: day(search.from),
    to: day(search.to),
    tag: search.tag ?? '',
    newsletter: search.newsletter ?? '',
    channel: search.channel ?? '',
    campaign: search.campaign ?? '',
    client: search.client === 'true' ? 'true' : '',
  };
}

export function listUrl(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.page > 1) query.set('page', String(params.page));
  if (params.search) query.set('search', params.search);
  if (params.source) query.set('source', params.source);
  if (params.status) query.set('status', params.status);
  if (params.period) query.set('period', params.period);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.tag) query.set('tag', params.tag);
  if (params.newsletter) query.set('newsletter', params.newsletter);
  if (params.channel) query.set('channel', params.channel);
  if (params.campaign) query.set('campaign', params.campaign);
  if (params.client) query.set('client', params.client);
  const text = query.toString();
  return text ? `/admin/leads?${text}` : '/admin/leads';
}
