/**
 * "Créer un nouveau webinaire" and, given a webinar, "Modifier le webinaire" (decision 055): date and
 * time are typed in Swiss time and sent as one ISO instant (`datetime`), with `date` and `time` as
 * typed; numbers go as numbers. The edit sends every field (PATCH, same rules as the creation).
 */
import { LIMITS } from '#contract';
import { WEBINAR_ONLINE_LABEL, webinarCreateSchema, webinarLocationLabel, webinarUpdateSchema } from '#contract/webinars';
import type { WebinarJson } from '#contract/webinars';
import { isoToZurichLocal, zurichLocalToIso } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { webinarMutations } from './queries.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { FormActions, SwitchField, TextAreaField, TextField, UrlField } from '../../ui/forms.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';

interface Draft {
  title: string;
  description: string;
  date: string;
  time: string;
  duration: string;
  maxAttendees: string;
  location: string;
  registrationUrl: string;
  imageUrl: string;
  joinUrl: string;
  isActive: boolean;
}

/** Duration 60, location "En ligne" (stored `online`), maxAttendees 100, active; everything else empty. */
const defaults = (): Draft => ({
  title: '',
  description: '',
  date: '',
  time: '',
  duration: String(LIMITS.webinarDurationDefault),
  maxAttendees: String(LIMITS.webinarMaxAttendeesDefault),
  location: WEBINAR_ONLINE_LABEL,
  registrationUrl: '',
  imageUrl: '',
  joinUrl: '',
  isActive: true,
});

/** The edit dialog starts from the webinar as it is. */
const fromWebinar = (webinar: WebinarJson): Draft => ({
  title: webinar.title,
  description: webinar.description ?? '',
  ...isoToZurichLocal(webinar.datetime),
  duration: String(webinar.duration),
  maxAttendees: String(webinar.maxAttendees),
  location: webinarLocationLabel(webinar.location),
  registrationUrl: webinar.registrationUrl ?? '',
  imageUrl: webinar.imageUrl ?? '',
  joinUrl: webinar.joinUrl ?? '',
  isActive: webinar.isActive,
});

/**
 * The dialog marks these as required although the API falls back to defaults for some
 * of them: an emptied field is a mistake to point out, not a silent default.
 */
const REQUIRED: Partial<Record<keyof Draft, string>> = {
  date: 'La date est obligatoire.',
  time: "L'heure est obligatoire.",
  duration: 'La durée est obligatoire.',
  maxAttendees: 'Le nombre maximum de participants est obligatoire.',
  location: 'Le lieu est obligatoire.',
};

/** A whole number between the API's bounds, with the phone's numeric keypad. */
const whole = (min: number, max: number) => ({ type: 'number', inputMode: 'numeric' as const, min, max });

export function CreateWebinarDialog({ open, onClose, webinar }: { open: boolean; onClose: () => void; webinar?: WebinarJson }) {
  const form = useDraftForm<Draft>(() => (webinar ? fromWebinar(webinar) : defaults()));
  const { draft, set, field } = form;

  const close = () => {
    form.clearErrors();
    onClose();
  };

  const create = useMutation((body: Record<string, unknown>) => (webinar ? webinarMutations.update(webinar.id, body) : webinarMutations.create(body)), {
    onSuccess: () => {
      toast(
        webinar
          ? { title: 'Webinaire modifié', description: 'Les inscrits sont prévenus si la date, la durée ou le lien a changé.' }
          : { title: 'Webinaire créé', description: 'Le webinaire a été créé avec succès.' },
      );
      if (!webinar) form.reset();
      onClose();
    },
    onError: (error) => {
      form.showServerErrors(error, (fields) => {
        if (fields.datetime) fields.date = fields.datetime;
      });
      toastError(`Erreur lors de ${webinar ? 'la modification' : 'la création'} du webinaire: ${errorMessage(error)}`);
    },
  });

  const submit = form.onSubmit(webinar ? webinarUpdateSchema : webinarCreateSchema, create.mutate, {
    body: (typed) => ({ ...typed, datetime: zurichLocalToIso(typed.date, typed.time) ?? '' }),
    extraErrors: (found) => {
      if (found.datetime && !found.date) found.date = found.datetime;
      for (const [field, message] of Object.entries(REQUIRED)) {
        if (String(draft[field as keyof Draft]).trim() === '') found[field] = message;
      }
    },
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={webinar ? 'Modifier le webinaire' : 'Créer un nouveau webinaire'}
      description={webinar ? 'Un changement de date, de durée ou de lien prévient les inscrits par e-mail.' : 'Remplissez le formulaire ci-dessous pour créer un nouveau webinaire.'}
      onSubmit={submit}
    >
      <TextField label="Titre" {...field('title')} required className="sm:col-span-2" />
      <TextAreaField label="Description" {...field('description')} required rows={3} className="sm:col-span-2" />
      <TextField label="Date" {...field('date')} type="date" required hint="Heure de Suisse (Europe/Zurich)" />
      <TextField label="Heure" {...field('time')} type="time" required />
      <TextField label="Durée (minutes)" {...field('duration')} {...whole(LIMITS.webinarDurationMin, LIMITS.webinarDurationMax)} required />
      <TextField label="Nombre maximum de participants" {...field('maxAttendees')} {...whole(LIMITS.webinarMaxAttendeesMin, LIMITS.webinarMaxAttendeesMax)} required />
      <TextField label="Lieu" {...field('location')} required className="sm:col-span-2" />
      <UrlField label="URL d'inscription" {...field('registrationUrl')} placeholder="https://" />
      <UrlField label="URL de l'image" {...field('imageUrl')} placeholder="https://" />
      <UrlField label="Lien de connexion" {...field('joinUrl')} placeholder="https://zoom.us/j/..." className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SwitchField label="Actif" name="isActive" checked={draft.isActive} onChange={set('isActive')} />
      </div>
      <FormActions
        cancel={{ onClick: close }}
        submitLabel={webinar ? 'Enregistrer' : 'Créer'}
        pendingLabel={webinar ? 'Enregistrement...' : 'Création...'}
        pending={create.pending}
        className="mt-2 sm:col-span-2"
      />
    </FormDialog>
  );
}
