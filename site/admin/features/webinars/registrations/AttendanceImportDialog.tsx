/**
 * "Importer les présents" (decision 057): the participants' CSV exported from Zoom, Teams or Meet marks
 * who came; an option marks the other registrants absent. The answer stays in the dialog: how many
 * rows changed, and the addresses that match no registrant (to check by hand).
 */
import { useState, type SubmitEvent } from 'react';
import type { AttendanceJson } from '#contract/webinars';
import { registrationMutations } from '../queries.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useMutation } from '../../../lib/query.ts';
import { toast } from '../../../stores/toast.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { FormActions } from '../../../ui/forms.tsx';
import { controlClass, cx, focusRing } from '../../../ui/primitives.tsx';

export function AttendanceImportDialog({ webinarId, open, onClose }: { webinarId: number; open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [othersNoShow, setOthersNoShow] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<AttendanceJson | null>(null);

  const run = useMutation((csv: File, others: boolean) => registrationMutations.importAttendance(webinarId, csv, others), {
    onSuccess: (answer) => {
      setResult(answer);
      toast({ title: 'Présences importées', description: `${answer.attended} présent(s), ${answer.noShow} absent(s).` });
    },
    onError: (failure) => setError(errorMessage(failure)),
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    if (!file) return setError('Choisissez le fichier CSV des participants.');
    setError('');
    void run.mutate(file, othersNoShow);
  }

  return (
    <Modal open={open} onClose={onClose} title="Importer les présents" description="Le fichier CSV des participants exporté de Zoom, Teams ou Meet (avec une colonne e-mail).">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor="attendance-file" className="mb-1.5 block text-sm font-medium text-slate-800">
            Fichier CSV des participants
          </label>
          <input
            id="attendance-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={error ? 'attendance-error' : undefined}
            aria-invalid={error ? true : undefined}
            className={cx(controlClass, 'h-auto py-2')}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="flex items-center gap-2">
          <input
            id="attendance-others"
            type="checkbox"
            className={cx('h-4 w-4 rounded border-slate-300 text-accent-600', focusRing)}
            checked={othersNoShow}
            onChange={(event) => setOthersNoShow(event.target.checked)}
          />
          <label htmlFor="attendance-others" className="text-sm text-slate-800">
            Marquer absents les autres inscrits
          </label>
        </div>
        {error ? (
          <p id="attendance-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {result ? (
          <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200">
            <p>
              {result.attended} inscription(s) marquée(s) présente(s), {result.noShow} absente(s).
            </p>
            {result.unmatched.length > 0 ? (
              <>
                <p className="mt-2 font-medium">Adresses sans inscription correspondante ({result.unmatched.length}) :</p>
                <ul className="mt-1 max-h-40 list-disc overflow-auto pl-5">
                  {result.unmatched.map((email) => (
                    <li key={email}>{email}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-2">Toutes les adresses du fichier correspondent à une inscription.</p>
            )}
          </div>
        ) : null}
        <FormActions cancel={{ onClick: onClose }} submitLabel="Importer" pendingLabel="Import..." pending={run.pending} />
      </form>
    </Modal>
  );
}
