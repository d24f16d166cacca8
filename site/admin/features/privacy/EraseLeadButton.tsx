/**
 * "Effacer définitivement": the administrator types the person's email to confirm (a wrong one is
 * refused by the API as well). Afterwards the contact is gone: back to the list.
 */
import { useState } from 'react';
import type { LeadJson } from '#contract/contacts';
import { leadEraseSchema } from '#contract/privacy';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { navigate } from '../../stores/router.ts';
import { toast } from '../../stores/toast.ts';
import { Modal } from '../../ui/dialog.tsx';
import { FormActions, TextField } from '../../ui/forms.tsx';
import { buttonClass } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { privacyMutations } from './queries.ts';

export function EraseLeadButton({ lead }: { lead: LeadJson }) {
  const [open, setOpen] = useState(false);
  const form = useDraftForm(() => ({ confirmEmail: '' }));
  const erase = useMutation((confirmEmail: string) => privacyMutations.erase(lead.id, confirmEmail), {
    onSuccess: (kept) => {
      setOpen(false);
      toast({ title: 'Contact effacé', description: kept ?? 'Le contact et toutes ses données ont été effacés définitivement.' });
      navigate('/admin/leads');
    },
    // A wrong email is refused by the API: its message goes under the field.
    onError: (failure) => form.setErrors({ confirmEmail: errorMessage(failure) }),
  });
  const close = () => {
    if (erase.pending) return;
    setOpen(false);
    form.reset();
  };
  return (
    <>
      <button type="button" className={buttonClass('destructive')} onClick={() => setOpen(true)}>
        Effacer définitivement
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Effacer définitivement ce contact ?"
        description="Le contact, ses activités, inscriptions, e-mails et preuves de consentement seront effacés. Cette action est irréversible."
      >
        <form onSubmit={form.onSubmit(leadEraseSchema, () => erase.mutate(form.draft.confirmEmail))} noValidate>
          <TextField {...form.field('confirmEmail')} label={`Pour confirmer, saisissez l’email du contact (${lead.email})`} type="email" autoComplete="off" required />
          <FormActions className="mt-6" cancel={{ onClick: close }} destructive submitLabel="Effacer définitivement" pendingLabel="Effacement..." pending={erase.pending} />
        </form>
      </Modal>
    </>
  );
}
