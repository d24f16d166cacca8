/** The contacts list's "Filtrer" menu (source, status, origin, newsletter, period or date range) and the chips of the active filters. */
import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS, VISIT_CHANNELS, VISIT_CHANNEL_LABELS } from '#contract';
import { NEWSLETTER_STATUSES, NEWSLETTER_STATUS_LABELS } from '#contract/privacy';
import { ORIGIN_COPY } from '../origin/copy.ts';
import { formatDue } from '../../../lib/dates.ts';
import { isPeriod, PERIODS, type Period } from '../../../lib/periods.ts';
import { CheckIcon, CloseIcon, FilterIcon } from '../../../ui/icons.tsx';
import { Badge, buttonClass } from '../../../ui/primitives.tsx';
import { SeparatedMenuAction } from '../../../ui/RowActionsMenu.tsx';
import type { ListParams } from './list-params.ts';
import { paymentsCopy } from '../../payments/index.ts';

export function FilterMenu({ params, onChange, onPickRange }: { params: ListParams; onChange: (next: Partial<ListParams>) => void; onPickRange: () => void }) {
  const count = [params.source, params.status, params.channel, params.campaign, params.newsletter, params.client, params.period || params.from || params.to].filter(Boolean).length;
  const option = (selected: boolean, label: string, apply: () => void) => (
    <MenuItem key={label}>
      <button type="button" onClick={apply} className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-slate-700 data-focus:bg-slate-100">
        <CheckIcon size={14} className={selected ? 'text-accent-600' : 'invisible'} />
        {label}
        {selected ? <span className="sr-only"> (sélectionné)</span> : null}
      </button>
    </MenuItem>
  );
  const heading = 'px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';
  return (
    <Menu>
      <MenuButton className={buttonClass('secondary')}>
        <FilterIcon size={16} />
        Filtrer
        {count ? <Badge tone="indigo">{count}</Badge> : null}
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 4 }} className="z-40 max-h-[70vh] w-60 overflow-y-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none">
        <MenuSection>
          <MenuHeading className={heading}>Par source</MenuHeading>
          {LEAD_SOURCES.map((source) => option(params.source === source, LEAD_SOURCE_LABELS[source], () => onChange({ source: params.source === source ? '' : source })))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection>
          <MenuHeading className={heading}>Par statut</MenuHeading>
          {LEAD_STATUSES.map((status) => option(params.status === status, LEAD_STATUS_LABELS[status], () => onChange({ status: params.status === status ? '' : status })))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection>
          <MenuHeading className={heading}>{ORIGIN_COPY.filterHeading}</MenuHeading>
          {VISIT_CHANNELS.map((channel) => option(params.channel === channel, VISIT_CHANNEL_LABELS[channel], () => onChange({ channel: params.channel === channel ? '' : channel })))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection>
          <MenuHeading className={heading}>{paymentsCopy.client.filterHeading}</MenuHeading>
          {option(params.client === 'true', paymentsCopy.client.filterOption, () => onChange({ client: params.client === 'true' ? '' : 'true' }))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection>
          <MenuHeading className={heading}>Par newsletter</MenuHeading>
          {NEWSLETTER_STATUSES.map((state) => option(params.newsletter === state, NEWSLETTER_STATUS_LABELS[state], () => onChange({ newsletter: params.newsletter === state ? '' : state })))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection>
          <MenuHeading className={heading}>Par date</MenuHeading>
          {(Object.keys(PERIODS) as Period[]).map((period) => option(params.period === period, PERIODS[period], () => onChange({ period: params.period === period ? '' : period, from: '', to: '' })))}
          {option(Boolean(params.from || params.to), 'Plage de dates…', onPickRange)}
        </MenuSection>
        {count ? (
          <SeparatedMenuAction
            onClick={() => onChange({ source: '', status: '', channel: '', campaign: '', newsletter: '', client: '', period: '', from: '', to: '' })}
            className="w-full rounded px-2 py-1.5 text-left font-medium text-accent-700 data-focus:bg-accent-50"
          >
            Effacer les filtres
          </SeparatedMenuAction>
        ) : null}
      </MenuItems>
    </Menu>
  );
}

/** "du 01/11/2026 au 30/11/2026", "à partir du 01/11/2026", "jusqu'au 30/11/2026". */
export function rangeLabel(from: string, to: string): string {
  if (from && to) return `du ${formatDue(from)} au ${formatDue(to)}`;
  return from ? `à partir du ${formatDue(from)}` : `jusqu'au ${formatDue(to)}`;
}

/** One removable chip per active filter. */
export function ActiveFilters({ params, onChange }: { params: ListParams; onChange: (next: Partial<ListParams>) => void }) {
  const filters: { label: string; clear: Partial<ListParams> }[] = [
    params.source ? { label: `Source : ${LEAD_SOURCE_LABELS[params.source as keyof typeof LEAD_SOURCE_LABELS] ?? params.source}`, clear: { source: '' } } : undefined,
    params.status ? { label: `Statut : ${LEAD_STATUS_LABELS[params.status as keyof typeof LEAD_STATUS_LABELS] ?? params.status}`, clear: { status: '' } } : undefined,
    params.channel ? { label: `${ORIGIN_COPY.filterChip} : ${VISIT_CHANNEL_LABELS[params.channel as keyof typeof VISIT_CHANNEL_LABELS] ?? params.channel}`, clear: { channel: '' } } : undefined,
    params.campaign ? { label: `${ORIGIN_COPY.campaignChip} : ${params.campaign}`, clear: { campaign: '' } } : undefined,
    params.newsletter ? { label: `Newsletter : ${NEWSLETTER_STATUS_LABELS[params.newsletter as keyof typeof NEWSLETTER_STATUS_LABELS] ?? params.newsletter}`, clear: { newsletter: '' } } : undefined,
    params.client ? { label: paymentsCopy.client.filterChip, clear: { client: '' } } : undefined,
    isPeriod(params.period) ? { label: `Date : ${PERIODS[params.period]}`, clear: { period: '' } } : undefined,
    params.from || params.to ? { label: `Date : ${rangeLabel(params.from, params.to)}`, clear: { from: '', to: '' } } : undefined,
    params.tag ? { label: `Tag : ${params.tag}`, clear: { tag: '' } } : undefined,
  ].filter((filter) => filter !== undefined);
  if (!filters.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Filtres actifs">
      {filters.map((filter) => (
        <li key={filter.label}>
          <button
            type="button"
            onClick={() => onChange(filter.clear)}
            className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-medium text-accent-800 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {filter.label}
            <CloseIcon size={12} />
            <span className="sr-only">Retirer ce filtre</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
