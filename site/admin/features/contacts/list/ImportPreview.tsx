/** The import's mapping step: one select per column (guessed by the server), and the first rows with their errors. */
import type { LeadImportJson } from '#contract/contacts';
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, type ImportField } from '#contract/contacts';
import { controlClass, cx, LabelledOptions } from '../../../ui/primitives.tsx';
import { td, th } from '../../../ui/table.tsx';

export type Mapping = Array<ImportField | ''>;

export function MappingFields({ columns, mapping, onChange }: { columns: LeadImportJson['columns']; mapping: Mapping; onChange: (next: Mapping) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Correspondance des colonnes</legend>
      <p className="mt-1 text-xs text-slate-500">Le prénom et l’email sont obligatoires. Une colonne « Ignorer » n’est pas importée.</p>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {columns.map((column, index) => {
          const id = `import-column-${index}`;
          return (
            <div key={id}>
              <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
                Colonne « {column.header || `n° ${index + 1}`} »
              </label>
              <select
                id={id}
                className={controlClass}
                value={mapping[index] ?? ''}
                onChange={(event) => {
                  const next = [...mapping];
                  const field = event.target.value as ImportField | '';
                  // A field belongs to one column: choosing it here frees it elsewhere.
                  if (field) next.forEach((other, position) => other === field && (next[position] = ''));
                  next[index] = field;
                  onChange(next);
                }}
              >
                <option value="">Ignorer</option>
                <LabelledOptions values={IMPORT_FIELDS} labels={IMPORT_FIELD_LABELS} />
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

const PREVIEW_FIELDS: ImportField[] = ['firstName', 'lastName', 'email', 'phone', 'company'];

export function PreviewTable({ preview }: { preview: LeadImportJson['preview'] }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900" id="import-preview-title">
        Aperçu des premières lignes
      </h3>
      <div className="mt-2 overflow-x-auto rounded-md ring-1 ring-slate-200" role="region" aria-labelledby="import-preview-title" tabIndex={0}>
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className={th}>
                Ligne
              </th>
              <th scope="col" className={th}>
                Erreurs
              </th>
              {PREVIEW_FIELDS.map((field) => (
                <th key={field} scope="col" className={th}>
                  {IMPORT_FIELD_LABELS[field]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.map((row) => (
              <tr key={row.row} className={row.errors.length ? 'bg-red-50' : undefined}>
                <td className={cx(td, 'tabular-nums')}>{row.row}</td>
                <td className={cx(td, 'min-w-56', row.errors.length ? 'text-red-800' : 'text-emerald-800')}>
                  {row.errors.length ? (
                    <ul>
                      {row.errors.map((error) => (
                        <li key={error.path + error.message}>{error.message}</li>
                      ))}
                    </ul>
                  ) : (
                    'OK'
                  )}
                </td>
                {PREVIEW_FIELDS.map((field) => (
                  <td key={field} className={cx(td, 'whitespace-nowrap')}>
                    {row.values[field] ?? '-'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
