/**
 * "Effacer définitivement": the administrator types the person's email to confirm (a wrong one is
 * refused by the API as well). Afterwards the contact is gone: back to the list.
 */
import { useState, type SubmitEvent } from 'react';
import type { LeadJson } from '#presenters';
import { TOUCHES } from '../../lib/api.ts';
import { errorMessage } from '../../lib/http.ts';
import { eraseLead } from '../../lib/privacy-api.ts';
import { invalidate, useMutation } from '../../lib/query.ts';
import { navigate } from '../../stores/router.ts';
import { toast } from '../../stores/toast.ts';
import { Modal } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/forms.tsx';
import { buttonClass, Spinner } from '../../ui/primitives.tsx';

export function EraseLeadButton({ lead }: { lead: LeadJson }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const erase = useMutation((confirmEmail: string) => eraseLead(lead.id, confirmEmail), {
    onSuccess: () => {
      invalidate(...TOUCHES.leads);
      setOpen(false);
      toast({ title: 'Contact effacé', description: 'Le contact et toutes ses données ont été effacés définitivement.' });
      navigate('/admin/leads');
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const close = () => {
    if (erase.pending) return;
    setOpen(false);
    setTyped('');
    setError(undefined);
  };
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void erase.mutate(typed);
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
        <form onSubmit={submit} noValidate>
          <TextField
            name="confirmEmail"
            label={`Pour confirmer, saisissez l’email du contact (${lead.email})`}
            type="email"
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            error={error}
            required
          />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass('secondary')} onClick={close} disabled={erase.pending}>
              Annuler
            </button>
            <button type="submit" className={buttonClass('destructive')} disabled={erase.pending}>
              {erase.pending ? <Spinner /> : null}
              {erase.pending ? 'Effacement...' : 'Effacer définitivement'}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
