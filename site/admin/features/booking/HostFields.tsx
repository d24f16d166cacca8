/** The host editor's fields: a time range, a date, the calendar's state and the subscription address. */
import { useId } from 'react';
import type { FeedStatusJson } from '#contract/booking';
import { formatDateTime } from '../../lib/dates.ts';
import { Badge, buttonClass, controlClass, cx } from '../../ui/primitives.tsx';
import type { FieldErrors } from '../../ui/useDraftForm.ts';

export type Range = { start: string; end: string };

/** The state of a host's own calendar, as a short badge. */
export function FeedBadge({ feed }: { feed: FeedStatusJson }) {
  if (feed.status === 'ok') return <Badge tone="green">Calendrier lu</Badge>;
  if (feed.status === 'failed') return <Badge tone="red">Calendrier illisible</Badge>;
  return <Badge tone="amber">Calendrier non lu</Badge>;
}

export function feedSentence(feed: FeedStatusJson): string {
  if (feed.status === 'ok') return `Lu le ${formatDateTime(feed.readAt)} : ${feed.busyCount} plage${feed.busyCount > 1 ? 's' : ''} occupée${feed.busyCount > 1 ? 's' : ''}.`;
  if (feed.status === 'failed') return `${feed.error ?? 'Le calendrier ne peut pas être lu.'} Cet hôte ne propose aucun créneau jusqu’à la prochaine lecture réussie.`;
  return feed.readAt
    ? `Pas lu depuis le ${formatDateTime(feed.readAt)} (plus d’une heure) : cet hôte ne propose aucun créneau jusqu’à la prochaine lecture.`
    : 'Pas encore lu : cet hôte ne propose aucun créneau jusqu’à la première lecture.';
}

/** A time or date input in a row of the host editor, its error beneath it. */
function RowInput(props: { type: 'time' | 'date'; label: string; value: string; onChange: (value: string) => void; error?: string; disabled?: boolean }) {
  const id = useId();
  const { error } = props;
  // A range's times sit between their row's words: their labels are for screen readers; a date shows its own.
  const time = props.type === 'time';
  return (
    <span className="grid gap-1">
      <label htmlFor={id} className={time ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {props.label}
      </label>
      <input
        id={id}
        type={props.type}
        step={time ? 300 : undefined}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={props.disabled}
        className={cx(controlClass, time ? 'w-32' : 'w-44')}
      />
      {error ? (
        <span id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}

export function RangeRow(props: { label: string; range: Range; errors: FieldErrors; path: string; canEdit: boolean; onChange: (range: Range) => void; onRemove: () => void }) {
  const { range, errors, path } = props;
  return (
    <li className="flex flex-wrap items-start gap-2">
      <RowInput type="time" label={`Début, ${props.label}`} value={range.start} onChange={(start) => props.onChange({ ...range, start })} error={errors[`${path}.start`]} disabled={!props.canEdit} />
      <span className="pt-2 text-sm text-slate-500" aria-hidden="true">
        –
      </span>
      <RowInput type="time" label={`Fin, ${props.label}`} value={range.end} onChange={(end) => props.onChange({ ...range, end })} error={errors[`${path}.end`]} disabled={!props.canEdit} />
      {props.canEdit ? (
        <button type="button" className={buttonClass('danger-ghost', 'sm')} onClick={props.onRemove}>
          Retirer<span className="sr-only"> la plage {props.label}</span>
        </button>
      ) : null}
    </li>
  );
}

export function OverrideDate(props: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return <RowInput type="date" {...props} />;
}

export function Subscription({ url, canEdit, pending, onRenew }: { url: string; canEdit: boolean; pending: boolean; onRenew: () => void }) {
  const id = useId();
  const absolute = url.startsWith('/') ? `${window.location.origin}${url}` : url;
  return (
    <div className="grid gap-2 rounded-md bg-white p-3 ring-1 ring-slate-200">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        Adresse d’abonnement à ses rendez-vous
      </label>
      <p className="text-sm text-slate-600" id={`${id}-hint`}>
        À ajouter dans son agenda (« S’abonner à un calendrier ») : ses appels découverte y apparaissent et se mettent à jour. Gardez-la secrète ; « Renouveler » rend l’ancienne adresse inutilisable.
      </p>
      <div className="flex flex-wrap gap-2">
        <input id={id} readOnly value={absolute} aria-describedby={`${id}-hint`} className={cx(controlClass, 'min-w-0 flex-1 font-mono text-xs')} onFocus={(event) => event.target.select()} />
        {canEdit ? (
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={onRenew} disabled={pending}>
            {pending ? 'Renouvellement…' : 'Renouveler'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
