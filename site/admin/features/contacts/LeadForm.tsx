/**
 * Contact form, creation and edition: two sections, validated with the API's own
 * schemas before sending; the server's field errors are shown the same way.
 */
import { LEAD_SOURCES, LEAD_SOURCE_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadSource, type LeadStatus } from '#contract';
import { leadCreateSchema, leadUpdateSchema } from '#contract/contacts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation, useQuery } from '../../lib/query.ts';
import { contactMutations, contactQueries } from './queries.ts';
import type { LeadJson as Lead } from '#contract/contacts';
import { navigate } from '../../stores/router.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormActions, SelectField, TextAreaField, TextField } from '../../ui/forms.tsx';
import { textFields, useDraftForm } from '../../ui/useDraftForm.ts';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { Alert, Card, cx, focusRing, PageHeader, Spinner } from '../../ui/primitives.tsx';
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
    ...textFields(lead, ['firstName', 'lastName', 'email', 'phone', 'company', 'message', 'notes']),
    source: lead?.source ?? 'form',
    status: lead?.status ?? 'new',
  };
}

function Form({ lead }: { lead?: Lead }) {
  const editing = lead !== undefined;
  const form = useDraftForm<Draft>(() => toDraft(lead));
  const { field } = form;

  const save = useMutation((body: Record<string, unknown>) => (editing ? contactMutations.update(String(lead.id), body) : contactMutations.create(body)), {
    onSuccess: (saved) => {
      if (editing) {
        toast({ title: 'Contact modifié', description: 'Les modifications ont été enregistrées.' });
        navigate(`/admin/leads/${saved.id}`);
      } else {
        toast({ title: 'Contact créé', description: 'Le contact a été ajouté à la liste.' });
        navigate('/admin/leads');
      }
    },
    onError: (error) => {
      form.showServerErrors(error, (fields) => {
        // A 409 here is the one-contact-per-email rule: point at the email field.
        if (isHTTPError(error) && error.response.status === 409) fields.email = errorMessage(error);
      });
      toastError(`Erreur lors de la création/modification du contact: ${errorMessage(error)}`);
    },
  });

  // Edition sends every field; an emptied optional field goes as null and is cleared.
  const submit = form.onSubmit(editing ? leadUpdateSchema : leadCreateSchema, save.mutate, { focusFirstError: true });

  const section = 'grid grid-cols-1 gap-4 p-5 sm:grid-cols-2 sm:p-6';
  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Card>
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">Informations personnelles</h2>
          <p className="text-sm text-slate-500">Identité et coordonnées du contact.</p>
        </div>
        <div className={section}>
          <TextField label="Prénom" {...field('firstName')} required autoComplete="off" />
          <TextField label="Nom" {...field('lastName')} autoComplete="off" />
          <TextField label="Email" {...field('email')} type="email" required autoComplete="off" />
          <TextField label="Téléphone" {...field('phone')} type="tel" autoComplete="off" />
          <TextField label="Société" {...field('company')} className="sm:col-span-2" autoComplete="off" />
        </div>
      </Card>

      <Card>
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">Informations complémentaires</h2>
          <p className="text-sm text-slate-500">Origine, suivi et notes.</p>
        </div>
        <div className={section}>
          <SelectField label="Source" {...field('source')} options={LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }))} />
          <SelectField label="Statut" {...field('status')} options={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))} />
          <TextAreaField label="Message" {...field('message')} className="sm:col-span-2" />
          <TextAreaField label="Notes internes" {...field('notes')} hint="Ces notes sont visibles uniquement par les administrateurs." className="sm:col-span-2" />
        </div>
      </Card>

      <FormActions cancel={{ href: editing ? `/admin/leads/${lead.id}` : '/admin/leads' }} submitLabel={editing ? 'Enregistrer les modifications' : 'Créer le contact'} pending={save.pending} />
    </form>
  );
}

export function LeadForm({ id }: { id?: string }) {
  const lead = useQuery(id ? contactQueries.lead(id) : null);
  const back = id ? `/admin/leads/${id}` : '/admin/leads';
  return (
    <div className="mx-auto max-w-3xl">
      <a href={back} className={cx('mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900', focusRing)}>
        <ArrowLeftIcon size={16} />
        {id ? 'Retour au contact' : 'Retour aux contacts'}
      </a>
      <PageHeader title={id ? 'Modifier le contact' : 'Nouveau contact'} description={id ? 'Mettez à jour les informations de ce contact.' : 'Ajoutez manuellement un contact à votre liste.'} />
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
