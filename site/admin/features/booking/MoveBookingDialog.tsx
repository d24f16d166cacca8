/**
 * Déplacer: the call's new start, chosen among the free starts of the booking page (GET
 * /api/bookings/slots) from a day the team picks; the person is told by e-mail, with the updated
 * invitation. A start taken meanwhile is refused by the server (409) and its message shown under the list.
 */
import { useState } from 'react';
import type { AgendaBookingJson } from '#contract/booking';
import { adminBookingUpdateSchema, BOOKING_START_REQUIRED_MESSAGE } from '#contract/booking';
import { frenchLongDate, frenchTime } from '#french-dates';
import { formatLong, todayInZurich } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { toast } from '../../stores/toast.ts';
import { Modal } from '../../ui/dialog.tsx';
import { FormActions, TextField } from '../../ui/forms.tsx';
import { controlClass, cx, fullName } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { bookingMutations, bookingQueries } from './queries.ts';

/** Two weeks of free starts at a time, from the day chosen. */
const DAYS = 14;

export function MoveBookingDialog({ booking, onClose }: { booking: AgendaBookingJson; onClose: () => void }) {
  const form = useDraftForm(() => ({ from: todayInZurich(), start: '' }));
  const [from, setFrom] = useState(form.draft.from);
  const slots = useQuery(/^\d{4}-\d{2}-\d{2}$/.test(from) ? bookingQueries.slots(from, DAYS) : null);
  const person = fullName(booking.lead) || booking.lead.email;
  const move = useMutation((start: string) => bookingMutations.move(booking.id, booking.lead.id, start), {
    onSuccess: (moved) => {
      toast({ title: 'Appel déplacé', description: `${person} est informé·e par e-mail du nouveau rendez-vous : ${formatLong(moved.start)}.` });
      onClose();
    },
    onError: (error) => {
      form.showServerErrors(error, (found) => {
        if (!Object.keys(found).length) found.start = errorMessage(error);
      });
      // The list may have changed: the start just refused is no longer offered.
      void slots.refetch();
    },
  });
  const days = slots.data?.days.filter((day) => day.slots.length) ?? [];

  return (
    <Modal
      open
      onClose={move.pending ? () => {} : onClose}
      size="lg"
      title={`Déplacer l’appel avec ${person}`}
      description={
        <>
          Actuellement le {formatLong(booking.start)} (heure suisse). {person} recevra un e-mail avec la nouvelle heure et l’invitation de calendrier mise à jour.
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.onSubmit(adminBookingUpdateSchema, (parsed) => move.mutate(parsed.start!), {
          body: (draft) => ({ start: draft.start }),
          // Without a start the schema speaks of the whole change; here only the start is asked for.
          extraErrors: (errors) => {
            if (form.draft.start) return;
            delete errors.status;
            errors.start = BOOKING_START_REQUIRED_MESSAGE;
          },
        })}
      >
        <TextField
          label="À partir du"
          name="from"
          type="date"
          value={form.draft.from}
          min={todayInZurich()}
          hint={`Les créneaux libres de ${DAYS} jours à partir de cette date.`}
          onChange={(value) => {
            form.set('from')(value);
            form.set('start')('');
            setFrom(value);
          }}
        />
        <div>
          <label htmlFor="move-start" className="mb-1.5 block text-sm font-medium text-slate-800">
            Nouveau créneau (heure suisse)
          </label>
          <select
            id="move-start"
            name="start"
            className={cx(controlClass, 'h-10')}
            value={form.draft.start}
            onChange={(event) => form.set('start')(event.target.value)}
            aria-invalid={form.errors.start ? true : undefined}
            aria-describedby={form.errors.start ? 'move-start-error' : 'move-start-hint'}
            disabled={slots.loading}
          >
            <option value="">{slots.loading ? 'Chargement des créneaux…' : days.length ? 'Choisissez un créneau' : 'Aucun créneau libre sur ces jours'}</option>
            {days.map((day) => (
              <optgroup key={day.date} label={frenchLongDate(new Date(`${day.date}T12:00:00Z`), { weekday: true })}>
                {day.slots.map((slot) => (
                  <option key={slot.start} value={slot.start}>
                    {frenchTime(new Date(slot.start))}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {form.errors.start ? (
            <p id="move-start-error" role="alert" className="mt-1 text-sm text-red-700">
              {form.errors.start}
            </p>
          ) : (
            <p id="move-start-hint" className="mt-1 text-xs text-slate-500">
              {slots.errorText ?? 'Seuls les créneaux encore libres sont proposés, comme sur la page de rendez-vous.'}
            </p>
          )}
        </div>
        <FormActions cancel={{ onClick: onClose }} submitLabel="Déplacer et prévenir" pendingLabel="Déplacement..." pending={move.pending} />
      </form>
    </Modal>
  );
}
