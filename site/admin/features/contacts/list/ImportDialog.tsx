/**
 * "Importer" on the contacts list: choose a CSV, check the column mapping and the first rows (a dry run
 * of the first chunk), then import chunk by chunk with a progress bar, and read the summary (decision 076).
 */
import type { LeadImportJson } from '#contract/contacts';
import { useState, type ChangeEvent } from 'react';
import { csvChunks, decodeCsvBytes, splitRecords, type CsvChunk } from '../../../lib/csv-chunks.ts';
import { errorMessage } from '../../../lib/http.ts';
import { contactMutations } from '../queries.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Alert, buttonClass, Spinner } from '../../../ui/primitives.tsx';
import { MappingFields, PreviewTable, type Mapping } from './ImportPreview.tsx';

const CHUNK_ROWS = 1000;

interface Summary {
  rows: number;
  created: number;
  completed: number;
  skipped: number;
  invalid: number;
  errors: LeadImportJson['errors'];
}

type Step =
  | { name: 'file' }
  | { name: 'mapping'; fileName: string; chunks: CsvChunk[]; rows: number; check: LeadImportJson; mapping: Mapping }
  | { name: 'importing'; done: number; rows: number }
  | { name: 'summary'; summary: Summary };

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'file' });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  function close() {
    if (step.name === 'importing') return;
    setStep({ name: 'file' });
    setError(undefined);
    onClose();
  }

  async function check(fileName: string, chunks: CsvChunk[], rows: number, mapping?: Mapping) {
    setBusy(true);
    setError(undefined);
    try {
      const first = chunks[0]!;
      const result = await contactMutations.importCsv(first.body, { dryRun: true, firstRow: first.firstRow, columns: mapping?.join(',') });
      setStep({ name: 'mapping', fileName, chunks, rows, check: result, mapping: mapping ?? result.columns.map((column) => column.field ?? '') });
    } catch (failure) {
      setError(errorMessage(failure));
      if (mapping === undefined) setStep({ name: 'file' });
    } finally {
      setBusy(false);
    }
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const { header, records } = splitRecords(decodeCsvBytes(await file.arrayBuffer()));
    if (!header || records.length === 0) {
      setError('Le fichier ne contient aucune ligne de contact sous la ligne des en-têtes.');
      return;
    }
    await check(file.name, csvChunks(header, records, CHUNK_ROWS), records.length);
  }

  async function runImport(chunks: CsvChunk[], rows: number, mapping: Mapping) {
    const summary: Summary = { rows: 0, created: 0, completed: 0, skipped: 0, invalid: 0, errors: [] };
    setStep({ name: 'importing', done: 0, rows });
    let done = 0;
    try {
      for (const chunk of chunks) {
        const result = await contactMutations.importCsv(chunk.body, { dryRun: false, firstRow: chunk.firstRow, columns: mapping.join(',') });
        summary.rows += result.rows;
        summary.created += result.created;
        summary.completed += result.completed;
        summary.skipped += result.skipped;
        summary.invalid += result.invalid;
        summary.errors.push(...result.errors);
        done += chunk.rows;
        setStep({ name: 'importing', done, rows });
      }
    } catch (failure) {
      setError(`L’import s’est arrêté à la ligne ${done + 2} : ${errorMessage(failure)} Les lignes précédentes sont importées ; relancer l’import ne crée pas de doublon.`);
    }
    setStep({ name: 'summary', summary });
  }

  return (
    <Modal open={open} onClose={close} title="Importer des contacts" description="Fichier CSV (séparateur virgule ou point-virgule, UTF-8 ou Windows-1252)." size="lg">
      {error ? <Alert title="Import impossible">{error}</Alert> : null}
      {step.name === 'file' ? (
        <div className="mt-3">
          <label htmlFor="import-file" className="mb-1.5 block text-sm font-medium text-slate-800">
            Fichier CSV
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void chooseFile(event)}
            disabled={busy}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-accent-50 file:px-3 file:py-2 file:font-medium file:text-accent-800"
          />
          <p className="mt-2 text-xs text-slate-500">
            La première ligne doit nommer les colonnes (Prénom, Nom, Email, Téléphone, Entreprise, Source, Statut, Tags, Message…). Un email déjà connu n’est jamais écrasé : seuls ses champs vides
            sont complétés.
          </p>
          {busy ? (
            <p className="mt-3 flex items-center gap-2 text-sm text-slate-600" role="status">
              <Spinner /> Lecture du fichier...
            </p>
          ) : null}
        </div>
      ) : null}
      {step.name === 'mapping' ? (
        <div className="mt-3">
          <p className="mb-4 text-sm text-slate-700" role="status">
            {step.fileName} : {plural(step.rows, 'ligne', 'lignes')}
            {step.check.invalid ? `, dont ${plural(step.check.invalid, 'ligne en erreur', 'lignes en erreur')}${step.rows > CHUNK_ROWS ? ` dans les ${CHUNK_ROWS} premières` : ''}` : ''}.
          </p>
          <MappingFields columns={step.check.columns} mapping={step.mapping} onChange={(mapping) => void check(step.fileName, step.chunks, step.rows, mapping)} />
          <PreviewTable preview={step.check.preview} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass('secondary')} onClick={close}>
              Annuler
            </button>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy || !step.mapping.includes('email') || !step.mapping.includes('firstName')}
              onClick={() => void runImport(step.chunks, step.rows, step.mapping)}
            >
              {busy ? <Spinner /> : null}
              Importer {plural(step.rows, 'ligne', 'lignes')}
            </button>
          </div>
        </div>
      ) : null}
      {step.name === 'importing' ? (
        <div className="mt-3">
          <label htmlFor="import-progress" className="block text-sm font-medium text-slate-800">
            Import en cours : {step.done} / {step.rows} lignes
          </label>
          <progress id="import-progress" className="mt-2 h-3 w-full accent-accent-600" max={step.rows} value={step.done} />
        </div>
      ) : null}
      {step.name === 'summary' ? <ImportSummary summary={step.summary} onClose={close} /> : null}
    </Modal>
  );
}

function ImportSummary({ summary, onClose }: { summary: Summary; onClose: () => void }) {
  const shown = summary.errors.slice(0, 50);
  return (
    <div className="mt-3" role="status">
      <h3 className="text-sm font-semibold text-slate-900">Import terminé</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ['Créés', summary.created],
          ['Complétés', summary.completed],
          ['Ignorés', summary.skipped],
          ['En erreur', summary.invalid],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {shown.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">Lignes en erreur</h4>
          <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-sm text-red-800">
            {shown.map((error) => (
              <li key={error.row}>
                Ligne {error.row} : {error.errors.map((issue) => issue.message).join(' ; ')}
              </li>
            ))}
          </ul>
          {summary.invalid > shown.length ? <p className="mt-1 text-xs text-slate-600">… et {summary.invalid - shown.length} autres.</p> : null}
        </>
      ) : null}
      <div className="mt-6 flex justify-end">
        <button type="button" className={buttonClass('primary')} onClick={onClose}>
          Fermer
        </button>
      </div>
    </div>
  );
}
