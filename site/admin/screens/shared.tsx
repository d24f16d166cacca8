/** Bits several screens share: labels of the closed lists, badges, table shells, "coming soon". */
import type { ReactNode } from 'react';
import {
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_TYPE_LABELS,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  REGISTRATION_STATUS_LABELS,
  type ActivityStatus,
  type ActivityType,
  type LeadSource,
  type LeadStatus,
  type RegistrationStatus,
} from '../../../api/schemas/options.ts';
import { toast } from '../stores/toast.ts';
import { Badge, buttonClass, cx } from '../ui/primitives.tsx';
import { DotsIcon, TrashIcon } from '../ui/icons.tsx';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';

export function sourceLabel(source: string | null | undefined, fallback = 'Formulaire'): string {
  return (source && LEAD_SOURCE_LABELS[source as LeadSource]) || fallback;
}

export function SourceBadge({ source }: { source: string | null | undefined }) {
  return <Badge tone={source === 'webinar' ? 'violet' : 'gray'}>{sourceLabel(source)}</Badge>;
}

const statusTones: Record<LeadStatus, 'blue' | 'amber' | 'green' | 'gray'> = {
  new: 'blue',
  contacted: 'amber',
  qualified: 'green',
  unqualified: 'gray',
};

export function LeadStatusBadge({ status }: { status: string | null | undefined }) {
  const value = (status ?? 'new') as LeadStatus;
  return <Badge tone={statusTones[value] ?? 'gray'}>{LEAD_STATUS_LABELS[value] ?? value}</Badge>;
}

const registrationTones: Record<RegistrationStatus, 'blue' | 'green' | 'red'> = {
  registered: 'blue',
  attended: 'green',
  'no-show': 'red',
};

/** Spec 4: Inscrit (blue), Présent (green), Absent (red). */
export function RegistrationBadge({ status }: { status: RegistrationStatus }) {
  return <Badge tone={registrationTones[status] ?? 'gray'}>{REGISTRATION_STATUS_LABELS[status] ?? status}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'gray'}>{active ? 'Actif' : 'Inactif'}</Badge>;
}

export function activityTypeLabel(type: string): string {
  return ACTIVITY_TYPE_LABELS[type as ActivityType] ?? type;
}

const activityTones: Record<ActivityStatus, 'blue' | 'amber' | 'green' | 'gray'> = {
  planned: 'blue',
  in_progress: 'amber',
  completed: 'green',
  cancelled: 'gray',
};

export function ActivityStatusBadge({ status }: { status: string }) {
  return <Badge tone={activityTones[status as ActivityStatus] ?? 'gray'}>{ACTIVITY_STATUS_LABELS[status as ActivityStatus] ?? status}</Badge>;
}

/** A table that scrolls sideways on phones instead of squeezing its columns. */
export function Table({ children, label, minWidth = 'min-w-[720px]' }: { children: ReactNode; label: string; minWidth?: string }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className={cx('w-full text-left text-sm', minWidth)}>{children}</table>
    </div>
  );
}

export const th =
  'px-3 py-3 first:pl-5 last:pr-5 text-xs font-semibold tracking-wide text-slate-500 uppercase whitespace-nowrap bg-slate-50 border-b border-slate-200';
export const td = 'px-3 py-3 first:pl-5 last:pr-5 align-middle text-slate-700';

/** The actions column stays in view at the right edge while a wide table scrolls sideways. */
export const thActions = 'sticky right-0 z-[1] text-right shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]';
export const tdActions = 'sticky right-0 z-[1] bg-white text-right shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)] group-hover:bg-slate-50';

/** The header row of a list table; an "Actions" column stays in view at the right edge. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={column === 'Actions' ? cx(th, thActions) : th}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * What a list table shows instead of rows: the loading text, the error (only when nothing is cached
 * to show), or the empty text. Returns null when there are rows to render.
 */
export function tableState(
  state: { loading: boolean; errorText?: string | null; data?: unknown },
  isEmpty: boolean,
  texts: { colSpan: number; loading: string; empty: string },
): ReactNode | null {
  if (state.loading) return <TableMessage colSpan={texts.colSpan}>{texts.loading}</TableMessage>;
  if (state.errorText && !state.data) {
    return (
      <TableMessage colSpan={texts.colSpan}>
        <span role="alert" className="text-red-700">
          {state.errorText}
        </span>
      </TableMessage>
    );
  }
  if (isEmpty) return <TableMessage colSpan={texts.colSpan}>{texts.empty}</TableMessage>;
  return null;
}

export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/** Buttons whose screen does not exist yet (spec: "no action shown") say so instead of doing nothing. */
export function comingSoon(): void {
  toast({ title: 'Bientôt disponible', description: 'Cette fonctionnalité sera disponible prochainement.' });
}

/** A table row's "…" menu: links to the row's screens, then "Supprimer" (spec 2.7 and 2.10). */
export function RowActionsMenu({
  label,
  links,
  onDelete,
  width = 'w-40',
}: {
  label: string;
  links: Array<{ href: string; icon: ReactNode; text: string }>;
  onDelete: () => void;
  width?: string;
}) {
  const base = 'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left';
  const item = `${base} text-slate-700 data-focus:bg-slate-100`;
  return (
    <Menu>
      <MenuButton className={buttonClass('ghost', 'icon')}>
        <DotsIcon />
        <span className="sr-only">Actions pour {label}</span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className={cx('z-40 rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none', width)}
      >
        {links.map((link) => (
          <MenuItem key={link.href}>
            <a href={link.href} className={item}>
              {link.icon} {link.text}
            </a>
          </MenuItem>
        ))}
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <button type="button" onClick={onDelete} className={`${base} text-red-700 data-focus:bg-red-50`}>
            <TrashIcon size={16} /> Supprimer
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
