/** "Par date" → "Plage de dates…": the first and last day (inclusive, Swiss days) of the contacts' creation. */
import { useState, type SubmitEvent } from 'react';
import { dateRangeIssue } from '#schemas/leads.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/forms.tsx';
import { buttonClass } from '../../../ui/primitives.tsx';

export function DateRangeDialog(props: { open: boolean; from: string; to: string; onClose: () => void; onApply: (range: { from: string; to: string }) => void }) {
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  const [error, setError] = useState<string | undefined>();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!from && !to) return setError('Indiquez au moins une des deux dates.');
    const issue = dateRangeIssue({ createdFrom: from, createdTo: to });
    if (issue) return setError(issue.message);
    setError(undefined);
    props.onApply({ from, to });
  }

  return (
    <Modal open={props.open} onClose={props.onClose} title="Plage de dates" description="Contacts créés entre ces deux jours inclus (heure suisse).">
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Du" name="from" type="date" value={from} onChange={setFrom} />
        <TextField label="Au" name="to" type="date" value={to} onChange={setTo} error={error} />
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={props.onClose}>
            Annuler
          </button>
          <button type="submit" className={buttonClass('primary')}>
            Appliquer
          </button>
        </div>
      </form>
    </Modal>
  );
}
