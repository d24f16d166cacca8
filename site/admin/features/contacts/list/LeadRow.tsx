/** One row of the contacts list: a selection box, the ten columns, at most two tags plus "+N", the row's actions. */
import type { LeadJson as Lead } from '#contract/contacts';
import { useCanEdit } from '../../../stores/session.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { SourceBadge } from '../../../ui/badges.tsx';
import { EyeIcon, PencilIcon } from '../../../ui/icons.tsx';
import { Badge, cx, fullName, orDash } from '../../../ui/primitives.tsx';
import { RowActionsMenu } from '../../../ui/RowActionsMenu.tsx';
import { tdActions, tdCompact as td, TruncatedText } from '../../../ui/table.tsx';
import { VISIT_CHANNEL_LABELS } from '#contract';
import { ORIGIN_COPY } from '../origin/copy.ts';
import { ClientBadge } from '../../payments/index.ts';

export const LEAD_COLUMNS = ['ID', 'Nom', 'Email', 'Téléphone', 'Société', 'Source', ORIGIN_COPY.column, "Date d'inscription", 'Tags', 'Actions'] as const;

/**
 * Widths of the selection box and the ten columns (table-layout: fixed): the columns of known
 * content get what it needs, Nom, Email and Société share the rest; a longer value is cut, its text
 * in `title`. The table scrolls sideways below 1,280 px.
 */
export const LEAD_COLUMN_WIDTHS: readonly string[] = ['w-11', 'w-12', '', '', 'w-28', '', 'w-24', 'w-24', 'w-36', 'w-28', 'w-21'];

/** The "Origine" cell: the channel, and the campaign (a link to its contacts) or the source under it. */
function Origin({ touch }: { touch: Lead['firstTouch'] }) {
  if (!touch) return <span className="text-slate-600">{ORIGIN_COPY.unknown}</span>;
  return (
    <span className="block min-w-0">
      <TruncatedText text={VISIT_CHANNEL_LABELS[touch.channel]} />
      {touch.campaign ? (
        <a
          href={`/admin/leads?campaign=${encodeURIComponent(touch.campaign)}`}
          title={ORIGIN_COPY.campaignLink(touch.campaign)}
          className="block truncate rounded text-xs text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          {touch.campaign}
        </a>
      ) : touch.source ? (
        <span className="block truncate text-xs text-slate-600" title={touch.source}>
          {touch.source}
        </span>
      ) : null}
    </span>
  );
}

function TagList({ tags }: { tags: string[] }) {
  if (!tags?.length) return <>-</>;
  const rest = tags.length - 2;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.slice(0, 2).map((tag) => (
        <Badge key={tag} tone="indigo" className="max-w-full">
          <TruncatedText text={tag} />
        </Badge>
      ))}
      {rest > 0 ? (
        <Badge tone="gray">
          <span aria-hidden="true">+{rest}</span>
          <span className="sr-only">
            et {rest} autre{rest > 1 ? 's' : ''} tag{rest > 1 ? 's' : ''}
          </span>
        </Badge>
      ) : null}
    </span>
  );
}

function RowMenu({ lead, onDelete }: { lead: Lead; onDelete: () => void }) {
  const canEdit = useCanEdit();
  return (
    <RowActionsMenu
      label={fullName(lead) || lead.email}
      links={[
        { href: `/admin/leads/${lead.id}`, icon: <EyeIcon size={16} />, text: 'Voir' },
        ...(canEdit ? [{ href: `/admin/leads/${lead.id}/edit`, icon: <PencilIcon size={16} />, text: 'Modifier' }] : []),
      ]}
      onDelete={onDelete}
    />
  );
}

export function LeadRow({ lead, onDelete, selected, onSelect }: { lead: Lead; onDelete: () => void; selected: boolean; onSelect: (selected: boolean) => void }) {
  return (
    <tr className={cx('group hover:bg-slate-50', selected && 'bg-accent-50/60')}>
      <td className={cx(td, 'w-10')}>
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 accent-accent-600"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Sélectionner ${fullName(lead) || lead.email}`}
        />
      </td>
      <td className={cx(td, 'text-slate-500 tabular-nums')}>{lead.id}</td>
      <td className={cx(td, 'font-medium text-slate-900')}>
        <a
          href={`/admin/leads/${lead.id}`}
          title={fullName(lead) || undefined}
          className="block truncate rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          {orDash(fullName(lead))}
        </a>
        <ClientBadge isClient={lead.isClient} className="mt-0.5" />
      </td>
      <td className={td}>
        <TruncatedText text={orDash(lead.email)} />
      </td>
      <td className={td}>
        <TruncatedText text={orDash(lead.phone)} />
      </td>
      <td className={td}>
        <TruncatedText text={orDash(lead.company)} />
      </td>
      <td className={td}>
        <SourceBadge source={lead.source} className="max-w-full" />
      </td>
      <td className={td}>
        <Origin touch={lead.firstTouch} />
      </td>
      <td className={cx(td, 'whitespace-nowrap')}>{orDash(formatDateTime(lead.createdAt))}</td>
      <td className={td}>
        <TagList tags={lead.tags} />
      </td>
      <td className={cx(td, tdActions)}>
        <RowMenu lead={lead} onDelete={onDelete} />
      </td>
    </tr>
  );
}
