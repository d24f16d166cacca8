/** "Corriger l’origine": an administrator's correction of a contact's first touch (audited by the API, decision 115). */
import { firstTouchUpdateSchema } from '#contract/attribution';
import { VISIT_CHANNELS, VISIT_CHANNEL_LABELS, type VisitChannel } from '#contract';
import type { LeadJson as Lead } from '#contract/contacts';
import { errorMessage } from '../../../lib/http.ts';
import { useMutation } from '../../../lib/query.ts';
import { toast, toastError } from '../../../stores/toast.ts';
import { FormDialog } from '../../../ui/dialog.tsx';
import { FormActions, SelectField, TextField } from '../../../ui/forms.tsx';
import { buttonClass } from '../../../ui/primitives.tsx';
import { textFields, useDraftForm } from '../../../ui/useDraftForm.ts';
import { contactMutations } from '../queries.ts';
import { ORIGIN_COPY } from './copy.ts';

interface OriginDraft {
  channel: VisitChannel;
  source: string;
  medium: string;
  campaign: string;
  referrer: string;
  landingPage: string;
}

export function OriginDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const touch = lead.firstTouch;
  const form = useDraftForm<OriginDraft>(() => ({
    channel: touch?.channel ?? 'direct',
    ...textFields(touch, ['source', 'medium', 'campaign', 'referrer', 'landingPage']),
  }));
  const { field } = form;
  const save = useMutation((firstTouch: unknown) => contactMutations.update(String(lead.id), { firstTouch }), {
    onSuccess: (saved) => {
      toast({ title: saved.firstTouch ? ORIGIN_COPY.dialog.saved : ORIGIN_COPY.dialog.cleared });
      onClose();
    },
    onError: (error) => {
      form.showServerErrors(error, (errors) => {
        for (const key of Object.keys(errors)) if (key.startsWith('firstTouch.')) errors[key.slice('firstTouch.'.length)] = errors[key]!;
      });
      toastError(ORIGIN_COPY.dialog.failed(errorMessage(error)));
    },
  });
  const submit = form.onSubmit(firstTouchUpdateSchema, save.mutate);
  const text = (name: Exclude<keyof OriginDraft, 'channel'>, className?: string) => <TextField label={ORIGIN_COPY.fields[name]} {...field(name)} className={className} />;

  return (
    <FormDialog open onClose={onClose} title={ORIGIN_COPY.dialog.title} description={ORIGIN_COPY.dialog.description} onSubmit={submit}>
      <SelectField label={ORIGIN_COPY.fields.channel} {...field('channel')} options={VISIT_CHANNELS.map((value) => ({ value, label: VISIT_CHANNEL_LABELS[value] }))} />
      {text('source')}
      {text('medium')}
      {text('campaign')}
      {text('referrer')}
      {text('landingPage')}
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
        {touch ? (
          <button type="button" className={buttonClass('secondary')} disabled={save.pending} onClick={() => void save.mutate(null)}>
            {ORIGIN_COPY.dialog.clear}
          </button>
        ) : (
          <span />
        )}
        <FormActions cancel={{ onClick: onClose }} submitLabel={ORIGIN_COPY.dialog.submit} pendingLabel={ORIGIN_COPY.dialog.pending} pending={save.pending} />
      </div>
    </FormDialog>
  );
}
