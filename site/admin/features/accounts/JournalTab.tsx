/** Paramètres → Journal: the security record (GET /api/admin/audit), newest first, filterable by type. */
import { useState } from 'react';
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES, type AuditEventType } from '#contract';
import type { AuditEventJson } from '#contract/accounts';
import { formatDateTime } from '../../lib/dates.ts';
import { useQuery } from '../../lib/query.ts';
import { AUDIT_PAGE_SIZE, accountQueries } from './queries.ts';
import { SelectField } from '../../ui/forms.tsx';
import { pageCount, Pagination } from '../../ui/pagination.tsx';
import { Card, CardHeader, cx } from '../../ui/primitives.tsx';
import { td, ListTable } from '../../ui/table.tsx';

const TYPE_OPTIONS = [
  { value: '' as const, label: 'Tous les événements' },
  ...AUDIT_EVENT_TYPES.map((type) => ({
    value: type,
    label: AUDIT_EVENT_LABELS[type],
  })),
];

/** The details of an event in words; ids and counts only (the record holds no personal data). */
function detailsText(event: AuditEventJson): string {
  return Object.entries(event.details)
    .map(([key, value]) => `${key} : ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

export function JournalTab() {
  const [type, setType] = useState<AuditEventType | ''>('');
  const [page, setPage] = useState(1);
  const list = useQuery(accountQueries.audit(type, page));
  const events = list.data?.events ?? [];
  const pages = pageCount(list.data?.pagination.total ?? 0, AUDIT_PAGE_SIZE);

  return (
    <Card labelledBy="journal-title">
      <CardHeader
        id="journal-title"
        title="Journal"
        description="Connexions, changements de mot de passe, suppressions, exports et changements d'utilisateurs."
        action={
          <SelectField
            label="Type d'événement"
            name="type"
            value={type}
            options={TYPE_OPTIONS}
            onChange={(value) => {
              setType(value);
              setPage(1);
            }}
            className="w-64"
          />
        }
      />
      <ListTable
        label="Événements du journal"
        minWidth="min-w-[720px]"
        columns={['Date', 'Événement', 'Utilisateur', 'Adresse IP', 'Détails']}
        state={list}
        rows={events}
        loading="Chargement du journal..."
        empty="Aucun événement"
      >
        {(event) => (
          <tr key={event.id} className="hover:bg-slate-50">
            <td className={cx(td, 'whitespace-nowrap')}>{formatDateTime(event.createdAt)}</td>
            <td className={cx(td, 'font-medium text-slate-900')}>{AUDIT_EVENT_LABELS[event.type] ?? event.type}</td>
            <td className={cx(td, 'tabular-nums')}>{event.userId === null ? '-' : `#${event.userId}`}</td>
            <td className={cx(td, 'tabular-nums')}>{event.ipPrefix ?? '-'}</td>
            <td className={cx(td, 'text-xs text-slate-600')}>{detailsText(event) || '-'}</td>
          </tr>
        )}
      </ListTable>
      <div className="border-t border-slate-100">
        <Pagination page={page} pages={pages} onPage={setPage} label="Pagination du journal" />
      </div>
    </Card>
  );
}
