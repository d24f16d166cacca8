/**
 * One user as a host: the switch, the weekly ranges per weekday (Swiss time, several per day), date
 * overrides (a day off or other hours), the video link, the address of their own calendar with its
 * state and "Actualiser", and their subscription address with "Renouveler".
 */
import type { HostAvailabilityJson } from '#contract/booking';
import { hostAvailabilitySchema } from '#contract/booking';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormActions, SwitchField, UrlField } from '../../ui/forms.tsx';
import { buttonClass, cx } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { bookingSettingsMutations, bookingSettingsQueries } from './queries.ts';
import { FeedBadge, feedSentence, OverrideDate, RangeRow, Subscription, type Range } from './HostFields.tsx';

const WEEKDAYS = [
  { weekday: 1, label: 'Lundi' },
  { weekday: 2, label: 'Mardi' },
  { weekday: 3, label: 'Mercredi' },
  { weekday: 4, label: 'Jeudi' },
  { weekday: 5, label: 'Vendredi' },
  { weekday: 6, label: 'Samedi' },
  { weekday: 7, label: 'Dimanche' },
] as const;

type HostDraft = {
  isHost: boolean;
  weekly: Array<Range & { weekday: number }>;
  overrides: Array<{ date: string; ranges: Range[] }>;
  videoUrl: string;
  feedUrl: string;
};

export function HostEditor({ userId, name }: { userId: number; name: string }) {
  const host = useQuery(bookingSettingsQueries.host(userId));
  if (!host.data) return <p className="text-sm text-slate-500">{host.errorText ?? 'Chargement…'}</p>;
  // A fresh draft when the saved schedule changes (a save answers it as stored: webcal:// becomes
  // https://); a calendar reading or a renewed address leaves what is being typed alone.
  const { isHost, weekly, overrides, videoUrl, feedUrl } = host.data;
  return <HostForm key={JSON.stringify({ isHost, weekly, overrides, videoUrl, feedUrl })} host={host.data} name={name} />;
}

function HostForm({ host, name }: { host: HostAvailabilityJson; name: string }) {
  const canEdit = useCanEdit();
  const form = useDraftForm<HostDraft>(() => ({
    isHost: host.isHost,
    weekly: host.weekly,
    overrides: host.overrides,
    videoUrl: host.videoUrl ?? '',
    feedUrl: host.feedUrl ?? '',
  }));
  const { draft, set, errors, field } = form;
  const save = useMutation(bookingSettingsMutations.saveHost, {
    onSuccess: (saved) => {
      if (saved.feed?.status === 'failed') toastError(saved.feed.error ?? 'Le calendrier ne peut pas être lu.');
      else toast({ title: 'Disponibilités enregistrées', description: `Les créneaux de ${name} sont à jour.` });
    },
    onError: (error) => {
      form.showServerErrors(error);
      toastError(errorMessage(error));
    },
  });
  const refresh = useMutation(bookingSettingsMutations.refreshFeed, {
    onSuccess: (feed) => (feed.status === 'ok' ? toast({ title: 'Calendrier lu', description: feedSentence(feed) }) : toastError(feedSentence(feed))),
    onError: (error) => toastError(errorMessage(error)),
  });
  const renew = useMutation(bookingSettingsMutations.renewCalendarToken, {
    onSuccess: () => toast({ title: 'Adresse renouvelée', description: 'L’ancienne adresse ne fonctionne plus : abonnez-vous à la nouvelle.' }),
    onError: (error) => toastError(errorMessage(error)),
  });

  const setWeekly = (weekly: HostDraft['weekly']) => set('weekly')(weekly);
  const setOverrides = (overrides: HostDraft['overrides']) => set('overrides')(overrides);
  const feedEdited = draft.feedUrl.trim() !== (host.feedUrl ?? '');
  const body = (current: HostDraft) => ({ ...current, videoUrl: current.videoUrl.trim() || null, feedUrl: current.feedUrl.trim() || null });

  return (
    <form
      onSubmit={form.onSubmit(hostAvailabilitySchema, (parsed) => save.mutate(host.userId, parsed), { body, focusFirstError: true })}
      noValidate
      className="grid gap-6 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-label={`Disponibilités de ${name}`}
    >
      <fieldset disabled={!canEdit} className="contents">
        <SwitchField label={`${name} reçoit des appels découverte`} checked={draft.isHost} onChange={set('isHost')} name="isHost" />

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Horaires de la semaine (heure suisse)</legend>
          {errors.weekly ? <p className="text-sm text-red-700">{errors.weekly}</p> : null}
          {WEEKDAYS.map(({ weekday, label }) => {
            const indexes = draft.weekly.flatMap((range, index) => (range.weekday === weekday ? [index] : []));
            return (
              <div key={weekday} className="grid gap-2 sm:grid-cols-[8rem_1fr] sm:items-start">
                <h4 className="pt-2 text-sm font-medium text-slate-800" id={`weekday-${host.userId}-${weekday}`}>
                  {label}
                </h4>
                <div className="grid gap-2">
                  {indexes.length === 0 ? <p className="pt-2 text-sm text-slate-500">Pas d’appel ce jour-là.</p> : null}
                  <ul className="grid gap-2" aria-labelledby={`weekday-${host.userId}-${weekday}`}>
                    {indexes.map((index, position) => (
                      <RangeRow
                        key={index}
                        label={`${label.toLowerCase()}, plage ${position + 1}`}
                        range={draft.weekly[index]!}
                        errors={errors}
                        path={`weekly.${index}`}
                        canEdit={canEdit}
                        onChange={(range) => setWeekly(draft.weekly.map((current, at) => (at === index ? { ...range, weekday } : current)))}
                        onRemove={() => setWeekly(draft.weekly.filter((_range, at) => at !== index))}
                      />
                    ))}
                  </ul>
                  {canEdit ? (
                    <button
                      type="button"
                      className={buttonClass('ghost', 'sm', 'justify-self-start')}
                      onClick={() => {
                        const last = indexes.length ? draft.weekly[indexes[indexes.length - 1]!]! : null;
                        const range = last ? { start: last.end, end: last.end < '18:00' ? '18:00' : '23:59' } : { start: '09:00', end: '12:00' };
                        setWeekly([...draft.weekly, { weekday, ...range }]);
                      }}
                    >
                      Ajouter une plage<span className="sr-only"> le {label.toLowerCase()}</span>
                    </button>
                  ) : null}
                </div>
              </div>
            );
          })}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Exceptions par date</legend>
          <p className="text-sm text-slate-600">Un jour de congé (aucune plage) ou d’autres horaires ce jour-là, à la place de la semaine type.</p>
          <ul className="grid gap-3">
            {draft.overrides.map((override, index) => {
              const dateLabel = `Date de l’exception ${index + 1}`;
              const update = (next: HostDraft['overrides'][number]) => setOverrides(draft.overrides.map((current, at) => (at === index ? next : current)));
              return (
                <li key={index} className="grid gap-2 rounded-md bg-white p-3 ring-1 ring-slate-200">
                  <div className="flex flex-wrap items-end gap-3">
                    <OverrideDate label={dateLabel} value={override.date} onChange={(date) => update({ ...override, date })} error={errors[`overrides.${index}.date`]} />
                    <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        className="h-4 w-4 rounded border-slate-300 text-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                        checked={override.ranges.length === 0}
                        onChange={(event) => update({ ...override, ranges: event.target.checked ? [] : [{ start: '09:00', end: '12:00' }] })}
                      />
                      Jour de congé
                    </label>
                    {canEdit ? (
                      <button type="button" className={buttonClass('danger-ghost', 'sm')} onClick={() => setOverrides(draft.overrides.filter((_item, at) => at !== index))}>
                        Supprimer l’exception<span className="sr-only"> {index + 1}</span>
                      </button>
                    ) : null}
                  </div>
                  {override.ranges.length ? (
                    <ul className="grid gap-2">
                      {override.ranges.map((range, rangeIndex) => (
                        <RangeRow
                          key={rangeIndex}
                          label={`exception ${index + 1}, plage ${rangeIndex + 1}`}
                          range={range}
                          errors={errors}
                          path={`overrides.${index}.ranges.${rangeIndex}`}
                          canEdit={canEdit}
                          onChange={(next) => update({ ...override, ranges: override.ranges.map((current, at) => (at === rangeIndex ? next : current)) })}
                          onRemove={() => update({ ...override, ranges: override.ranges.filter((_range, at) => at !== rangeIndex) })}
                        />
                      ))}
                    </ul>
                  ) : null}
                  {canEdit && override.ranges.length ? (
                    <button
                      type="button"
                      className={buttonClass('ghost', 'sm', 'justify-self-start')}
                      onClick={() => update({ ...override, ranges: [...override.ranges, { start: '14:00', end: '17:00' }] })}
                    >
                      Ajouter une plage<span className="sr-only"> à l’exception {index + 1}</span>
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {canEdit ? (
            <button type="button" className={buttonClass('secondary', 'sm', 'justify-self-start')} onClick={() => setOverrides([...draft.overrides, { date: '', ranges: [] }])}>
              Ajouter une exception
            </button>
          ) : null}
        </fieldset>

        <div className="grid gap-4 lg:grid-cols-2">
          <UrlField label="Lien de visioconférence" {...field('videoUrl')} placeholder="https://" hint="Envoyé à la personne qui réserve, quand l’appel a lieu en visioconférence." />
          <UrlField
            label="Adresse de son calendrier (iCalendar)"
            {...field('feedUrl')}
            placeholder="https:// ou webcal://"
            hint="L’adresse secrète au format iCal (Google, Outlook, iCloud, Infomaniak, Nextcloud). Ses rendez-vous bloquent les créneaux."
          />
        </div>
      </fieldset>

      {host.feedUrl ? (
        <div className="grid gap-2 rounded-md bg-white p-3 ring-1 ring-slate-200" aria-live="polite">
          <div className="flex flex-wrap items-center gap-3">
            <h4 className="text-sm font-semibold text-slate-900">État du calendrier</h4>
            {host.feed ? <FeedBadge feed={host.feed} /> : null}
            {canEdit ? (
              <button type="button" className={buttonClass('secondary', 'sm', 'ml-auto')} onClick={() => void refresh.mutate(host.userId)} disabled={refresh.pending}>
                {refresh.pending ? 'Lecture…' : 'Actualiser'}
              </button>
            ) : null}
          </div>
          {host.feed ? <p className={cx('text-sm', host.feed.status === 'ok' ? 'text-slate-600' : 'text-red-800')}>{feedSentence(host.feed)}</p> : null}
          {feedEdited ? <p className="text-sm text-slate-600">La nouvelle adresse sera lue à l’enregistrement.</p> : null}
        </div>
      ) : null}

      {host.calendarUrl ? <Subscription url={host.calendarUrl} canEdit={canEdit} pending={renew.pending} onRenew={() => void renew.mutate(host.userId)} /> : null}

      {canEdit ? <FormActions submitLabel="Enregistrer les disponibilités" pendingLabel="Enregistrement…" pending={save.pending} /> : null}
    </form>
  );
}
