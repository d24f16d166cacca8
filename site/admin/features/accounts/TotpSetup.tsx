/**
 * Adding an authenticator app: the QR code of the `otpauth://` URI (drawn by the server), the key grouped by
 * four for typing by hand, then the first code, which confirms the factor (decision 149).
 */
import { useState, type SubmitEvent } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { useCodeCall } from './useCodeCall.ts';
import { TextField } from '../../ui/forms.tsx';
import { buttonClass, Spinner } from '../../ui/primitives.tsx';
import { accountMutations } from './queries.ts';
import { compactCode, groupedSecret, type TotpEnrolmentJson } from './second-factor-api.ts';

export const QR_CODE_NAME = "Code QR à scanner avec votre application d'authentification";

export function TotpSetup({ enrolment, onConfirmed, onCancel }: { enrolment: TotpEnrolmentJson; onConfirmed: (recoveryCodes: string[]) => void; onCancel?: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = useCodeCall(
    accountMutations.confirmTotp,
    (answer) => onConfirmed(answer.recoveryCodes),
    (failure) => setError(errorMessage(failure)),
  );

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(compactCode(code))) {
      setError("Saisissez les 6 chiffres affichés par l'application.");
      return;
    }
    setError(undefined);
    void confirm.mutate(enrolment.factorId, code);
  }

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Ouvrez votre application d'authentification (par exemple Aegis, Google Authenticator, 1Password).</li>
        <li>Scannez le code QR, ou saisissez la clé à la main.</li>
        <li>Saisissez le code à 6 chiffres qu'elle affiche.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
          alt={QR_CODE_NAME}
          width={200}
          height={200}
          className="h-[200px] w-[200px] shrink-0 rounded-md bg-white ring-1 ring-slate-200"
        />
        <dl className="min-w-0 text-sm">
          <dt className="font-medium text-slate-800">Clé à saisir à la main</dt>
          <dd className="mt-1 font-mono text-base tracking-wider break-all text-slate-900">{groupedSecret(enrolment.secret)}</dd>
          <dt className="mt-3 font-medium text-slate-800">Type de code</dt>
          <dd className="mt-1 text-slate-600">Basé sur le temps (TOTP), 6 chiffres, 30 secondes</dd>
        </dl>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        <TotpCodeField value={code} onChange={setCode} error={error} label="Code à 6 chiffres" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={confirm.pending}>
              Annuler
            </button>
          ) : null}
          <button type="submit" className={buttonClass('primary')} disabled={confirm.pending}>
            {confirm.pending ? <Spinner /> : null}
            Confirmer
          </button>
        </div>
      </form>
    </div>
  );
}

/** A one-time code field: digits keyboard on phones, filled by the phone's one-time-code suggestion. */
export function TotpCodeField(props: { value: string; onChange: (value: string) => void; error?: string; label: string; disabled?: boolean }) {
  return (
    <TextField label={props.label} name="code" value={props.value} onChange={props.onChange} inputMode="numeric" autoComplete="one-time-code" error={props.error} disabled={props.disabled} required />
  );
}
