/**
 * A webinar's registrations as a table one can act on: each row's status can be changed
 * in place, and rows can be selected for "Marquer présents" / "Marquer absents".
 */
import { useState } from 'react';
import { REGISTRATION_STATUSES, REGISTRATION_STATUS_LABELS, type RegistrationStatus } from '#contract';
import type { RegistrationPageJson } from '#contract/webinars';
import { registrationMutations } from '../queries.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useMutation } from '../../../lib/query.ts';
import { toast, toastError } from '../../../stores/toast.ts';
import { CheckIcon, CloseIcon } from '../../../ui/icons.tsx';
import { buttonClass, controlClass, cx, focusRing, fullName, orDash, Spinner, LabelledOptions } from '../../../ui/primitives.tsx';
import { RegistrationBadge } from '../../../ui/badges.tsx';
import { Table, tableState, td, th } from '../../../ui/table.tsx';
import type { useQuery } from '../../../lib/query.ts';

type Registrations = ReturnType<typeof useQuery<RegistrationPageJson>>;

const checkboxClass = cx('h-4 w-4 rounded border-slate-300 text-accent-600', focusRing);

export function RegistrationTable({ webinarId, registrations }: { webinarId: number; registrations: Registrations }) {
  const rows = registrations.data?.registrations ?? [];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const visible = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const allSelected = rows.length > 0 && visible.length === rows.length;

  const one = useMutation((id: number, status: RegistrationStatus) => registrationMutations.setStatus(id, status), {
    onSuccess: (row) => {
      toast({ title: 'Statut modifié', description: `${orDash(row.lead ? fullName(row.lead) : '')} : ${REGISTRATION_STATUS_LABELS[row.status]}.` });
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const bulk = useMutation((ids: number[], status: RegistrationStatus) => registrationMutations.setStatuses(webinarId, ids, status), {
    onSuccess: (result) => {
      toast({ title: 'Statuts modifiés', description: `${result.updated} inscription(s) mise(s) à jour.` });
      setSelected(new Set());
    },
    onError: (error) => toastError(errorMessage(error)),
  });

  function toggle(id: number, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-3" role="group" aria-label="Actions sur la sélection">
        <span className="text-sm text-slate-600" aria-live="polite">
          {visible.length === 0 ? 'Aucune ligne sélectionnée' : `${visible.length} ligne(s) sélectionnée(s)`}
        </span>
        <button type="button" className={buttonClass('secondary', 'sm')} disabled={visible.length === 0 || bulk.pending} onClick={() => void bulk.mutate(visible, 'attended')}>
          {bulk.pending ? <Spinner /> : <CheckIcon size={16} />}
          Marquer présents
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} disabled={visible.length === 0 || bulk.pending} onClick={() => void bulk.mutate(visible, 'no-show')}>
          <CloseIcon size={16} />
          Marquer absents
        </button>
      </div>
      <Table label="Inscriptions du webinaire" minWidth="min-w-[760px]">
        <thead>
          <tr>
            <th scope="col" className={th}>
              <input
                type="checkbox"
                className={checkboxClass}
                aria-label="Sélectionner toutes les lignes de la page"
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={(event) => setSelected(event.target.checked ? new Set(rows.map((row) => row.id)) : new Set())}
              />
            </th>
            {['Nom', 'Email', 'Téléphone', 'Statut', "Date d'inscription"].map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tableState(registrations, rows.length === 0, { colSpan: 6, loading: 'Chargement des inscriptions...', empty: 'Aucune inscription trouvée pour ce webinaire' }) ??
            rows.map((registration) => {
              const name = orDash(registration.lead ? fullName(registration.lead) : '');
              return (
                <tr key={registration.id} className="hover:bg-slate-50">
                  <td className={td}>
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      aria-label={`Sélectionner ${name}`}
                      checked={selected.has(registration.id)}
                      onChange={(event) => toggle(registration.id, event.target.checked)}
                    />
                  </td>
                  <td className={cx(td, 'font-medium whitespace-nowrap text-slate-900')}>
                    <a href={`/admin/leads/${registration.leadId}`} className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
                      {name}
                    </a>
                  </td>
                  <td className={td}>{orDash(registration.lead?.email)}</td>
                  <td className={cx(td, 'whitespace-nowrap')}>{orDash(registration.lead?.phone)}</td>
                  <td className={td}>
                    <div className="flex items-center gap-2">
                      <RegistrationBadge status={registration.status} />
                      <select
                        aria-label={`Statut de ${name}`}
                        className={cx(controlClass, 'h-8 w-auto py-0 text-xs')}
                        value={registration.status}
                        disabled={one.pending}
                        onChange={(event) => void one.mutate(registration.id, event.target.value as RegistrationStatus)}
                      >
                        <LabelledOptions values={REGISTRATION_STATUSES} labels={REGISTRATION_STATUS_LABELS} />
                      </select>
                    </div>
                  </td>
                  <td className={cx(td, 'whitespace-nowrap')}>{formatDateTime(registration.registeredAt)}</td>
                </tr>
              );
            })}
        </tbody>
      </Table>
    </>
  );
}
