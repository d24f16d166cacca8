/**
 * Paramètres → Rendez-vous: the discovery call's settings, and each user as a host (weekly hours in
 * Swiss time, date overrides, video link, own calendar feed with its state, subscription address).
 * A host whose calendar cannot be read, or was not read for an hour, offers no slot (decision 102):
 * the screen says why. Viewers read; administrators change.
 */
import { useState } from 'react';
import type { BookingSettingsJson, HostSummaryJson } from '#contract/booking';
import { BOOKING_MODE_LABELS, BOOKING_MODES, bookingSettingsSchema, type BookingMode } from '#contract/booking';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { useCanEdit } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormActions, SelectField, TextField } from '../../ui/forms.tsx';
import { Badge, buttonClass, Card, CardHeader, fullName } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { HostEditor } from './HostEditor.tsx';
import { FeedBadge } from './HostFields.tsx';
import { bookingSettingsMutations, bookingSettingsQueries } from './queries.ts';

export function BookingTab() {
  return (
    <div className="grid gap-6">
      <SettingsCard />
      <HostsCard />
    </div>
  );
}

type SettingsDraft = {
  durationMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minimumNoticeMinutes: string;
  horizonDays: string;
  slotStepMinutes: string;
  dailyCapPerHost: string;
  mode: BookingMode;
};

function SettingsCard() {
  const settings = useQuery(bookingSettingsQueries.settings());
  return (
    <Card labelledBy="booking-settings-title">
      <CardHeader
        id="booking-settings-title"
        title="Appel découverte"
        description="La durée, les marges et le délai des appels réservés depuis la page « Rendez-vous ». Les horaires sont en heure suisse."
      />
      {settings.data ? <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} /> : <p className="p-5 text-sm text-slate-500">{settings.errorText ?? 'Chargement…'}</p>}
    </Card>
  );
}

function SettingsForm({ initial }: { initial: BookingSettingsJson }) {
  const canEdit = useCanEdit();
  const form = useDraftForm<SettingsDraft>(() => ({
    durationMinutes: String(initial.durationMinutes),
    bufferBeforeMinutes: String(initial.bufferBeforeMinutes),
    bufferAfterMinutes: String(initial.bufferAfterMinutes),
    minimumNoticeMinutes: String(initial.minimumNoticeMinutes),
    horizonDays: String(initial.horizonDays),
    slotStepMinutes: String(initial.slotStepMinutes),
    dailyCapPerHost: initial.dailyCapPerHost === null ? '' : String(initial.dailyCapPerHost),
    mode: initial.mode,
  }));
  const { field } = form;
  const save = useMutation(bookingSettingsMutations.saveSettings, {
    onSuccess: () => toast({ title: 'Réglages enregistrés', description: 'Les prochains créneaux proposés en tiennent compte.' }),
    onError: (error) => {
      form.showServerErrors(error);
      toastError(errorMessage(error));
    },
  });
  const number = { type: 'number', inputMode: 'numeric' as const, disabled: !canEdit };
  return (
    <form onSubmit={form.onSubmit(bookingSettingsSchema, (body) => save.mutate(body))} noValidate className="grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-4">
      <TextField label="Durée (minutes)" {...field('durationMinutes')} {...number} min={15} max={120} required hint="De 15 à 120 minutes." />
      <TextField label="Intervalle entre deux débuts (minutes)" {...field('slotStepMinutes')} {...number} min={5} max={240} required />
      <TextField label="Marge avant (minutes)" {...field('bufferBeforeMinutes')} {...number} min={0} max={240} required />
      <TextField label="Marge après (minutes)" {...field('bufferAfterMinutes')} {...number} min={0} max={240} required />
      <TextField label="Délai minimum (minutes)" {...field('minimumNoticeMinutes')} {...number} min={0} required hint="720 minutes = 12 heures." />
      <TextField label="Horizon de réservation (jours)" {...field('horizonDays')} {...number} min={1} max={365} required />
      <TextField label="Appels par jour et par hôte" {...field('dailyCapPerHost')} {...number} min={1} max={100} hint="Vide : sans limite." />
      <SelectField
        label="Déroulement"
        {...field('mode')}
        options={BOOKING_MODES.map((mode) => ({ value: mode, label: BOOKING_MODE_LABELS[mode] }))}
        hint="Par téléphone, le numéro devient obligatoire pour réserver."
      />
      {canEdit ? <FormActions className="sm:col-span-2 lg:col-span-4" submitLabel="Enregistrer les réglages" pendingLabel="Enregistrement…" pending={save.pending} /> : null}
    </form>
  );
}

function HostsCard() {
  const hosts = useQuery(bookingSettingsQueries.hosts());
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card labelledBy="booking-hosts-title">
      <CardHeader
        id="booking-hosts-title"
        title="Hôtes"
        description="Chaque utilisateur actif peut recevoir des appels : ses horaires, ses exceptions, son lien de visioconférence et son propre calendrier."
      />
      {hosts.data ? (
        <ul className="divide-y divide-slate-100">
          {hosts.data.hosts.map((host) => (
            <HostRow key={host.userId} host={host} open={open === host.userId} onToggle={() => setOpen(open === host.userId ? null : host.userId)} />
          ))}
        </ul>
      ) : (
        <p className="p-5 text-sm text-slate-500">{hosts.errorText ?? 'Chargement…'}</p>
      )}
    </Card>
  );
}

function HostRow({ host, open, onToggle }: { host: HostSummaryJson; open: boolean; onToggle: () => void }) {
  const name = fullName(host) || host.email;
  const panelId = `host-panel-${host.userId}`;
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-48 flex-1">
          <p className="truncate font-medium text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-500">{host.email}</p>
        </div>
        {host.isHost ? <Badge tone="green">Hôte</Badge> : <Badge>Pas hôte</Badge>}
        {host.isHost && host.feed ? <FeedBadge feed={host.feed} /> : null}
        <button type="button" className={buttonClass('secondary', 'sm')} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {open ? 'Fermer' : 'Configurer'}
          <span className="sr-only"> : {name}</span>
        </button>
      </div>
      {open ? (
        <div id={panelId} className="mt-4">
          <HostEditor userId={host.userId} name={name} />
        </div>
      ) : null}
    </li>
  );
}
