/**
 * Contact form, creation and edition (spec 2.9, 5): two sections, validated with the API's own
 * schemas before sending; the server's field errors are shown the same way.
 */
import { useState, type SubmitEvent } from 'react';
import {
  LEAD_SOURCES,
  LEAD_SOURCE_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  leadCreateSchema,
  leadUpdateSchema,
  type LeadSource,
  type LeadStatus,
} from '#schemas';
import { mutations, queries, TOUCHES } from '../lib/api.ts';
import { errorMessage, fieldErrors } from '../lib/http.ts';
import { invalidate, useMutation, useQuery } from '../lib/query.ts';
import type { LeadJson as Lead } from '#presenters';
import { navigate } from '../stores/router.ts';
import { toast, toastError } from '../stores/toast.ts';
import { SelectField, TextAreaField, TextField, zodFieldErrors } from '../ui/forms.tsx';
import { ArrowLeftIcon } from '../ui/icons.tsx';
import { Alert, buttonClass, Card, cx, focusRing, PageHeader, Spinner } from '../ui/primitives.tsx';
import { isHTTPError } from 'ky';

interface Draft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  source: LeadSource;
  status: LeadStatus;
  message: string;
  notes: string;
}

function toDraft(lead?: Lead): Draft {
  return {
    firstName: lead?.firstName ?? '',
    lastName: lead?.lastName ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    company: lead?.company ?? '',
    source: lead?.source ?? 'form',
    status: lead?.status ?? 'new',
    message: lead?.message ?? '',
    notes: lead?.notes ?? '',
  };
}

function Form({ lead }: { lead?: Lead }) {
  const editing = lead !== undefined;
  const [draft, setDraft] = useState<Draft>(() => toDraft(lead));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  const save = useMutation((body: Record<string, unknown>) => (editing ? mutations.updateLead(String(lead.id), body) : mutations.createLead(body)), {
    onSuccess: (saved) => {
      invalidate(...TOUCHES.leads);
      if (editing) {
        toast({ title: 'Contact modifié', description: 'Les modifications ont été enregistrées.' });
        navigate(`/admin/leads/${saved.id}`);
      } else {
        toast({ title: 'Contact créé', description: 'Le contact a été ajouté à la liste.' });
        navigate('/admin/leads');
      }
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      // A 409 here is the one-contact-per-email rule: point at the email field.
      if (isHTTPError(error) && error.response.status === 409) fields.email = errorMessage(error);
      setErrors(fields);
      toastError(`Erreur lors de la création/modification du contact: ${errorMessage(error)}`);
    },
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (editing ? leadUpdateSchema : leadCreateSchema).safeParse(draft);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      // Bring the first invalid field into view and focus for keyboard and screen-reader users.
      window.requestAnimationFrame(() => (document.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
      return;
    }
    setErrors({});
    // Edition sends every field; an emptied optional field goes as null and is cleared.
    void save.mutate(parsed.data);
  }

  const section = 'grid grid-cols-1 gap-4 p-5 sm:grid-cols-2 sm:p-6';
  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Card>
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">Informations personnelles</h2>
          <p className="text-sm text-slate-500">Identité et coordonnées du contact.</p>
        </div>
        <div className={section}>
          <TextField
            label="Prénom"
            name="firstName"
            value={draft.firstName}
            onChange={set('firstName')}
            required
            error={errors.firstName}
            autoComplete="off"
          />
          <TextField label="Nom" name="lastName" value={draft.lastName} onChange={set('lastName')} error={errors.lastName} autoComplete="off" />
          <TextField
            label="Email"
            name="email"
            type="email"
            value={draft.email}
            onChange={set('email')}
            required
            error={errors.email}
            autoComplete="off"
          />
          <TextField label="Téléphone" name="phone" type="tel" value={draft.phone} onChange={set('phone')} error={errors.phone} autoComplete="off" />
          <TextField
            label="Société"
            name="company"
            value={draft.company}
            onChange={set('company')}
            error={errors.company}
            className="sm:col-span-2"
            autoComplete="off"
          />
        </div>
      </Card>

      <Card>
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">Informations complémentaires</h2>
          <p className="text-sm text-slate-500">Origine, suivi et notes.</p>
        </div>
        <div className={section}>
          <SelectField
            label="Source"
            name="source"
            value={draft.source}
            onChange={set('source')}
            options={LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }))}
            error={errors.source}
          />
          <SelectField
            label="Statut"
            name="status"
            value={draft.status}
            onChange={set('status')}
            options={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
            error={errors.status}
          />
          <TextAreaField
            label="Message"
            name="message"
            value={draft.message}
            onChange={set('message')}
            error={errors.message}
            className="sm:col-span-2"
          />
          <TextAreaField
            label="Notes internes"
            name="notes"
            value={draft.notes}
            onChange={set('notes')}
            error={errors.notes}
            hint="Ces notes sont visibles uniquement par les administrateurs."
            className="sm:col-span-2"
          />
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <a href={editing ? `/admin/leads/${lead.id}` : '/admin/leads'} className={buttonClass('secondary')}>
          Annuler
        </a>
        <button type="submit" className={buttonClass('primary')} disabled={save.pending}>
          {save.pending ? <Spinner /> : null}
          {editing ? 'Enregistrer les modifications' : 'Créer le contact'}
        </button>
      </div>
    </form>
  );
}

export function LeadForm({ id }: { id?: string }) {
  const lead = useQuery(id ? queries.lead(id) : null);
  const back = id ? `/admin/leads/${id}` : '/admin/leads';
  return (
    <div className="mx-auto max-w-3xl">
      <a
        href={back}
        className={cx('mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}
      >
        <ArrowLeftIcon size={16} />
        {id ? 'Retour au contact' : 'Retour aux contacts'}
      </a>
      <PageHeader
        title={id ? 'Modifier le contact' : 'Nouveau contact'}
        description={id ? 'Mettez à jour les informations de ce contact.' : 'Ajoutez manuellement un contact à votre liste.'}
      />
      {!id ? (
        <Form />
      ) : lead.loading ? (
        <div className="flex justify-center py-16" role="status">
          <Spinner className="h-6 w-6 text-accent-600" label="Chargement du contact..." />
        </div>
      ) : lead.data ? (
        <Form key={lead.data.updatedAt} lead={lead.data} />
      ) : isHTTPError(lead.error) && lead.error.response.status === 404 ? (
        <Alert title="Contact non trouvé">Ce contact n'existe pas ou vous n'avez pas la permission de le consulter.</Alert>
      ) : (
        <Alert title="Erreur">{lead.errorText}</Alert>
      )}
    </div>
  );
}
