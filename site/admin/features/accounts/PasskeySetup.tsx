/**
 * Adding a passkey: a name the person will recognise in the list, then the browser's own dialog
 * (`startRegistration`). The first factor of an account comes back with its recovery codes (decision 149).
 */
import { useState, type SubmitEvent } from 'react';
import { useCodeCall } from './useCodeCall.ts';
import { TextField } from '../../ui/forms.tsx';
import { buttonClass, Spinner } from '../../ui/primitives.tsx';
import { accountMutations } from './queries.ts';
import { DEFAULT_PASSKEY_NAME, passkeyErrorMessage, type FactorJson } from './second-factor-api.ts';

export function PasskeySetup({ onRegistered, onCancel }: { onRegistered: (factor: FactorJson, recoveryCodes?: string[]) => void; onCancel?: () => void }) {
  const [name, setName] = useState(DEFAULT_PASSKEY_NAME);
  const [error, setError] = useState<string | undefined>();
  const register = useCodeCall(
    accountMutations.registerPasskey,
    (answer) => onRegistered(answer.factor, answer.recoveryCodes),
    (failure) => setError(passkeyErrorMessage(failure)),
  );

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Donnez un nom à cette clé pour la reconnaître dans la liste.');
      return;
    }
    setError(undefined);
    void register.mutate(name.trim());
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">Une clé d'accès utilise le déverrouillage de votre appareil (empreinte, visage, code PIN) ou une clé de sécurité. Votre navigateur vous guidera.</p>
      <TextField label="Nom de la clé" name="passkeyName" value={name} onChange={setName} error={error} hint="Par exemple « Ordinateur du bureau » ou « Téléphone »." required autoComplete="off" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={register.pending}>
            Annuler
          </button>
        ) : null}
        <button type="submit" className={buttonClass('primary')} disabled={register.pending}>
          {register.pending ? <Spinner /> : null}
          Enregistrer la clé d'accès
        </button>
      </div>
    </form>
  );
}
