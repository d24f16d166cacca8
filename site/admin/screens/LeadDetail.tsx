/**
 * Contact detail (spec 2.8): identity card with its fallbacks and the tags, the activities with
 * the "Nouvelle activité" dialog, edit button and back link, "Contact non trouvé" when missing.
 */
import { useState, type SubmitEvent, type ReactNode } from 'react';
import { isHTTPError } from 'ky';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_TYPES,
  ACTIVITY_TYPE_LABELS,
  activityCreateSchema,
  tagSchema,
  type ActivityStatus,
  type ActivityType,
} from '../../../api/schemas/index.ts';
import { mutations, queries, TOUCHES } from '../lib/api.ts';
import { formatDue, formatPPP, todayInZurich, zurichLocalToIso } from '../lib/dates.ts';
import { errorMessage, fieldErrors } from '../lib/http.ts';
import { invalidate, useMutation, useQuery } from '../lib/query.ts';
import type { Activity, Lead } from '../lib/types.ts';
import { toast, toastError } from '../stores/toast.ts';
import { Modal } from '../ui/dialog.tsx';
import { controlClass, SelectField, TextAreaField, TextField, zodFieldErrors } from '../ui/forms.tsx';
import { ArrowLeftIcon, CloseIcon, PencilIcon, PlusIcon } from '../ui/icons.tsx';
import { Alert, Avatar, Badge, buttonClass, Card, CardHeader, cx, focusRing, fullName, initials, Spinner } from '../ui/primitives.tsx';
import { LeadEmailsCard } from './LeadEmailsCard.tsx';
import { ActivityStatusBadge, activityTypeLabel, LeadStatusBadge, sourceLabel } from './shared.tsx';

function BackLink() {
  return (
    <a
      href="/admin/leads"
      className={cx('mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}
    >
      <ArrowLeftIcon size={16} />
      Retour aux contacts
    </a>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2.5 @sm:grid @sm:grid-cols-[8rem_minmax(0,1fr)] @sm:gap-3">
      <dt className="text-xs font-medium text-slate-500 @sm:text-sm @sm:font-normal">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 @sm:mt-0">{children}</dd>
    </div>
  );
}

function Tags({ lead }: { lead: Lead }) {
  const leadId = String(lead.id);
  const tags = useQuery(queries.tags(leadId));
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const current = tags.data?.tags ?? lead.tags ?? [];

  const add = useMutation((tag: string) => mutations.addTag(leadId, tag), {
    onSuccess: () => {
      setDraft('');
      toast({ title: 'Tag ajouté' });
      invalidate(...TOUCHES.tags(leadId));
    },
    onError: (err) => toastError(`Erreur lors de l'ajout du tag: ${errorMessage(err)}`),
  });
  const remove = useMutation((tag: string) => mutations.removeTag(leadId, tag), {
    onSuccess: () => {
      toast({ title: 'Tag supprimé' });
      invalidate(...TOUCHES.tags(leadId));
    },
    onError: (err) => toastError(`Erreur lors de la suppression du tag: ${errorMessage(err)}`),
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = tagSchema.safeParse({ tag: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    void add.mutate(parsed.data.tag);
  }

  return (
    <div className="border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Tags</h3>
      {current.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags du contact">
          {current.map((tag) => (
            <li key={tag}>
              <Badge tone="indigo" className="gap-1 py-1 pr-1">
                {tag}
                <button
                  type="button"
                  onClick={() => void remove.mutate(tag)}
                  disabled={remove.pending}
                  className="rounded-full p-0.5 text-accent-600 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600"
                >
                  <CloseIcon size={12} />
                  <span className="sr-only">Supprimer le tag {tag}</span>
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Aucun tag</p>
      )}
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor="new-tag" className="sr-only">
          Nouveau tag
        </label>
        <input
          id="new-tag"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Ajouter un tag"
          maxLength={50}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-tag-error' : undefined}
          className={cx(controlClass, 'h-9')}
        />
        <button type="submit" className={buttonClass('secondary', 'sm', 'h-9')} disabled={draft.trim() === '' || add.pending}>
          {add.pending ? <Spinner /> : <PlusIcon size={16} />}
          Ajouter
        </button>
      </form>
      {error ? (
        <p id="new-tag-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface ActivityDraft {
  type: ActivityType;
  title: string;
  description: string;
  status: ActivityStatus;
  dueDate: string;
  completedAt: string;
}

const emptyActivity = (): ActivityDraft => ({
  type: 'note',
  title: '',
  description: '',
  status: 'planned',
  dueDate: todayInZurich(),
  completedAt: '',
});

function NewActivityDialog({ leadId, open, onClose }: { leadId: string; open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState<ActivityDraft>(emptyActivity);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof ActivityDraft>(key: K) =>
    (value: ActivityDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  const create = useMutation((body: Record<string, unknown>) => mutations.createActivity(leadId, body), {
    onSuccess: () => {
      toast({ title: 'Activité créée' });
      invalidate(...TOUCHES.activities(leadId));
      setDraft(emptyActivity());
      setErrors({});
      onClose();
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      toastError(`Erreur lors de la création de l'activité: ${errorMessage(error)}`);
    },
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // The completion moment is typed in Swiss time (datetime-local) and sent as an instant.
    const [day, time] = draft.completedAt.split('T');
    const body = {
      type: draft.type,
      title: draft.title,
      description: draft.description,
      status: draft.status,
      dueDate: draft.dueDate,
      completedAt: draft.completedAt ? (zurichLocalToIso(day ?? '', (time ?? '').slice(0, 5)) ?? draft.completedAt) : '',
    };
    const parsed = activityCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    void create.mutate(parsed.data);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Nouvelle activité"
      description="Enregistrez un échange ou planifiez une action pour ce contact."
      size="lg"
    >
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Type"
          name="type"
          value={draft.type}
          onChange={set('type')}
          options={ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_TYPE_LABELS[value] }))}
          error={errors.type}
        />
        <SelectField
          label="Statut"
          name="status"
          value={draft.status}
          onChange={set('status')}
          options={ACTIVITY_STATUSES.map((value) => ({ value, label: ACTIVITY_STATUS_LABELS[value] }))}
          error={errors.status}
        />
        <TextField label="Titre" name="title" value={draft.title} onChange={set('title')} required error={errors.title} className="sm:col-span-2" />
        <TextAreaField
          label="Description"
          name="description"
          value={draft.description}
          onChange={set('description')}
          error={errors.description}
          rows={3}
          className="sm:col-span-2"
        />
        <TextField label="Date d'échéance" name="dueDate" type="date" value={draft.dueDate} onChange={set('dueDate')} error={errors.dueDate} />
        <TextField
          label="Date de réalisation"
          name="completedAt"
          type="datetime-local"
          value={draft.completedAt}
          onChange={set('completedAt')}
          error={errors.completedAt}
          hint="Facultative ; une activité terminée sans date prend l'heure actuelle."
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={create.pending}>
            {create.pending ? <Spinner /> : null}
            {create.pending ? 'Création...' : "Créer l'activité"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ActivityItem({ activity }: { activity: Activity }) {
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="gray">{activityTypeLabel(activity.type)}</Badge>
        <p className="font-medium text-slate-900">{activity.title}</p>
        <span className="ml-auto">
          <ActivityStatusBadge status={activity.status} />
        </span>
      </div>
      {activity.description ? <p className="mt-1.5 text-sm whitespace-pre-line text-slate-600">{activity.description}</p> : null}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
        <span>Créée le {formatPPP(activity.createdAt)}</span>
        {activity.dueDate ? <span>Échéance : {formatDue(activity.dueDate)}</span> : null}
        {activity.completedAt ? <span>Réalisée le {formatPPP(activity.completedAt)}</span> : null}
      </p>
    </li>
  );
}

function Activities({ leadId }: { leadId: string }) {
  const activities = useQuery(queries.activities(leadId));
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Activités"
        description="Appels, emails, réunions, notes et tâches liés à ce contact"
        action={
          <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setOpen(true)}>
            <PlusIcon size={16} />
            Nouvelle activité
          </button>
        }
      />
      <ul className="divide-y divide-slate-100" aria-label="Activités du contact">
        {activities.loading ? (
          <li className="px-5 py-8 text-sm text-slate-500">Chargement des activités...</li>
        ) : activities.errorText ? (
          <li role="alert" className="px-5 py-8 text-sm text-red-700">
            {activities.errorText}
          </li>
        ) : !activities.data?.activities.length ? (
          <li className="px-5 py-8 text-center text-sm text-slate-500">Aucune activité pour ce contact.</li>
        ) : (
          activities.data.activities.map((activity) => <ActivityItem key={activity.id} activity={activity} />)
        )}
      </ul>
      <NewActivityDialog leadId={leadId} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

export function LeadDetail({ id }: { id: string }) {
  const lead = useQuery(queries.lead(id));

  if (lead.loading) {
    return (
      <div className="flex items-center gap-2 py-16 text-slate-500" role="status">
        <Spinner className="h-5 w-5" /> Chargement du contact...
      </div>
    );
  }
  if (!lead.data) {
    const missing = isHTTPError(lead.error) && lead.error.response.status === 404;
    return (
      <>
        <BackLink />
        {missing ? (
          <Alert title="Contact non trouvé">Ce contact n'existe pas ou vous n'avez pas la permission de le consulter.</Alert>
        ) : (
          <Alert title="Erreur">{lead.errorText}</Alert>
        )}
      </>
    );
  }

  const data = lead.data;
  const name = fullName(data) || data.email;
  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar text={initials(data.firstName, data.lastName, data.email)} />
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{name}</h1>
            <p className="text-sm text-slate-500">Contact n° {data.id}</p>
          </div>
        </div>
        <a href={`/admin/leads/${data.id}/edit`} className={buttonClass('secondary')}>
          <PencilIcon size={16} />
          Modifier
        </a>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="@container p-5 lg:col-span-1">
          <h2 className="sr-only">Informations du contact</h2>
          <dl className="divide-y divide-slate-100">
            <Row label="Nom complet">{name}</Row>
            <Row label="Email">
              <a
                href={`mailto:${data.email}`}
                target="_self"
                className="rounded text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                {data.email}
              </a>
            </Row>
            <Row label="Téléphone">{data.phone || <span className="text-slate-500">Non renseigné</span>}</Row>
            <Row label="Société">{data.company || <span className="text-slate-500">Non renseigné</span>}</Row>
            <Row label="Source">{sourceLabel(data.source, 'Formulaire de contact')}</Row>
            <Row label="Statut">
              <LeadStatusBadge status={data.status} />
            </Row>
            <Row label="Inscription">{formatPPP(data.createdAt)}</Row>
            <Row label="Dernier contact">
              {data.lastContactedAt ? formatPPP(data.lastContactedAt) : <span className="text-slate-500">Jamais contacté</span>}
            </Row>
          </dl>
          <Tags lead={data} />
          {data.message ? (
            <div className="mt-4 border-t border-slate-100 pt-4">
              <h3 className="text-sm font-semibold text-slate-900">Message</h3>
              <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{data.message}</p>
            </div>
          ) : null}
          {data.notes ? (
            <div className="mt-4 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
              <h3 className="text-sm font-semibold text-amber-900">Notes internes</h3>
              <p className="text-xs text-amber-800">Visibles uniquement par les administrateurs</p>
              <p className="mt-1 text-sm whitespace-pre-line text-amber-950">{data.notes}</p>
            </div>
          ) : null}
        </Card>
        <div className="lg:col-span-2">
          <Activities leadId={String(data.id)} />
          <LeadEmailsCard leadId={data.id} />
        </div>
      </div>
    </>
  );
}
