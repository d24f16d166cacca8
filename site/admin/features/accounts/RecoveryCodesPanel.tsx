/**
 * « Codes de secours »: the ten codes, shown once (the server keeps only their hashes), to copy or download
 * as a text file; « Continuer » waits until the person says they are kept somewhere safe.
 */
import { useId, useState } from 'react';
import { toast, toastError } from '../../stores/toast.ts';
import { CheckIcon, DownloadIcon, FileIcon } from '../../ui/icons.tsx';
import { buttonClass, cx } from '../../ui/primitives.tsx';

const FILE_NAME = 'inner-circle-codes-de-secours.txt';

function fileText(codes: readonly string[]): string {
  return ['Inner Circle — codes de secours', 'Chaque code ne sert qu’une fois, à la place du code de votre application ou de votre clé d’accès.', '', ...codes, ''].join('\n');
}

export function RecoveryCodesPanel({ codes, onDone, doneLabel = 'Continuer' }: { codes: readonly string[]; onDone: () => void; doneLabel?: string }) {
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();
  const titleId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Codes copiés', description: 'Collez-les dans votre gestionnaire de mots de passe.' });
    } catch {
      toastError('La copie a été refusée par le navigateur : téléchargez les codes ou recopiez-les.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([fileText(codes)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div>
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          Codes de secours
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sans votre application ni votre clé d'accès, chacun de ces codes vous permet de vous connecter une fois. Ils ne seront plus affichés : gardez-les en lieu sûr.
        </p>
      </div>
      <ol aria-label="Vos codes de secours" className="grid gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="tracking-wide break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void copy()}>
          <FileIcon size={16} /> Copier les codes
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={download}>
          <DownloadIcon size={16} /> Télécharger (.txt)
        </button>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className={cx('mt-0.5 h-4 w-4 rounded border-slate-300 text-accent-600', 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600')}
        />
        <label htmlFor={checkboxId} className="text-sm text-slate-800">
          J'ai mis ces codes en lieu sûr
        </label>
      </div>
      <button type="button" className={buttonClass('primary', 'md', 'w-full sm:w-auto')} disabled={!saved} onClick={onDone}>
        <CheckIcon size={16} /> {doneLabel}
      </button>
    </section>
  );
}
