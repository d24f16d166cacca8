/**
 * « Confirmez votre identité » (docs/decisions/145-re-authentication.md): opened by the HTTP client when an
 * action needs a recent proof (site/admin/lib/http.ts, site/admin/stores/reauth.ts). An account with a
 * second factor types a 6-digit code or a recovery code in one field (six digits are a TOTP code, anything
 * else a recovery code) or uses a passkey; an account without one types its password. "Confirmer" sends
 * `POST /api/simple-auth/reauth`, and the refused action is then sent again.
 */
import { Description, Field, Input, Label } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import type { ReauthMethod } from '#contract/accounts';
import { errorMessage, http } from '../../lib/http.ts';
import { $reauthOpen, settleProof } from '../../stores/reauth.ts';
import { Modal } from '../../ui/dialog.tsx';
import { buttonClass, controlClass, Spinner } from '../../ui/primitives.tsx';

interface Factors {
  hasFactor: boolean;
  hasPasskey: boolean;
}

const PASSKEY_FAILED_MESSAGE = "Cette clé d'accès n'a pas pu être vérifiée.";

/** What the account can prove with (`GET /api/simple-auth/mfa`); without that route, the password. */
async function loadFactors(): Promise<Factors> {
  try {
    const { factors } = await http.get('/api/simple-auth/mfa').json<{ factors: Array<{ type: string }> }>();
    return { hasFactor: factors.length > 0, hasPasskey: factors.some((factor) => factor.type === 'passkey') };
  } catch {
    return { hasFactor: false, hasPasskey: false };
  }
}

function methodOf(code: string): ReauthMethod {
  return /^\d{6}$/.test(code.replace(/\s+/g, '')) ? 'totp' : 'recovery';
}

async function proveWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await http.post('/api/simple-auth/reauth/passkey/options').json<Parameters<typeof startAuthentication>[0]['optionsJSON']>();
  let response;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch {
    // Cancelled in the browser's own prompt, or no matching key: nothing reached the server.
    throw new Error(PASSKEY_FAILED_MESSAGE);
  }
  await http.post('/api/simple-auth/reauth/passkey', { json: { response } });
}

export function ReauthDialog() {
  const open = useStore($reauthOpen);
  return open ? <ReauthForm /> : null;
}

function ReauthForm() {
  const [factors, setFactors] = useState<Factors | undefined>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let current = true;
    void loadFactors().then((found) => current && setFactors(found));
    return () => {
      current = false;
    };
  }, []);

  async function attempt(prove: () => Promise<unknown>) {
    setPending(true);
    setError(undefined);
    try {
      await prove();
      settleProof(true);
    } catch (caught) {
      setError(caught instanceof Error && caught.message === PASSKEY_FAILED_MESSAGE ? PASSKEY_FAILED_MESSAGE : errorMessage(caught));
      setPending(false);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!factors) return;
    if (!code.trim()) {
      setError(factors.hasFactor ? 'Saisissez un code.' : 'Saisissez votre mot de passe.');
      return;
    }
    const method = factors.hasFactor ? methodOf(code) : 'password';
    void attempt(() => http.post('/api/simple-auth/reauth', { json: { method, code } }));
  }

  const label = factors?.hasFactor ? 'Code à 6 chiffres ou code de secours' : 'Mot de passe';
  return (
    <Modal open onClose={pending ? () => {} : () => settleProof(false)} title="Confirmez votre identité" description="Cette action demande une confirmation récente.">
      {factors ? (
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field>
            <Label className="mb-1.5 block text-sm font-medium text-slate-800">{label}</Label>
            <Input
              name="code"
              type={factors.hasFactor ? 'text' : 'password'}
              autoComplete={factors.hasFactor ? 'one-time-code' : 'current-password'}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              invalid={Boolean(error)}
              aria-required
              autoFocus
              className={controlClass}
            />
            {error ? (
              <Description role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </Description>
            ) : null}
          </Field>
          {factors.hasPasskey ? (
            <button type="button" className={buttonClass('secondary')} disabled={pending} onClick={() => void attempt(proveWithPasskey)}>
              Utiliser une clé d'accès
            </button>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass('secondary')} onClick={() => settleProof(false)} disabled={pending}>
              Annuler
            </button>
            <button type="submit" className={buttonClass('primary')} disabled={pending}>
              {pending ? <Spinner /> : null}
              Confirmer
            </button>
          </div>
        </form>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
          <Spinner className="h-5 w-5 text-accent-600" /> Chargement…
        </p>
      )}
    </Modal>
  );
}
