/**
 * « Vérification en deux étapes »: after the password of an account with a second factor, a code of its
 * authenticator app, one of its recovery codes, or one of its passkeys (`POST /api/simple-auth/mfa`,
 * `…/passkey/options` and `…/passkey/verify`). The pending sign-in lives 5 minutes on the server: past it
 * the API says so and the person types the password again (docs/decisions/149-second-factor-screens.md).
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { errorMessage } from '../lib/http.ts';
import { PENDING_SIGN_IN_EXPIRED_MESSAGE, passkeyErrorMessage, compactCode, sendSecondStep, signInWithPasskey, type SecondStepMethod } from '../features/accounts/second-factor-api.ts';
import { buttonClass, controlClass, cx, focusRing, Spinner } from '../ui/primitives.tsx';

export function SecondStep({ methods, onSignedIn, onRestart }: { methods: readonly SecondStepMethod[]; onSignedIn: () => void; onRestart: (message?: string) => void }) {
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState<'code' | 'passkey' | undefined>();
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    field.current?.focus();
  }, [mode]);

  function switchTo(next: 'totp' | 'recovery') {
    setMode(next);
    setCode('');
    setError(undefined);
  }

  function failed(failure: unknown, message: string) {
    setPending(undefined);
    if (message === PENDING_SIGN_IN_EXPIRED_MESSAGE) onRestart(message);
    else setError(message || errorMessage(failure));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === 'totp' && !/^\d{6}$/.test(compactCode(code))) {
      setError("Saisissez les 6 chiffres affichés par votre application d'authentification.");
      return;
    }
    if (mode === 'recovery' && code.trim() === '') {
      setError("Saisissez l'un de vos codes de secours.");
      return;
    }
    setError(undefined);
    setPending('code');
    try {
      await sendSecondStep(mode, code);
      onSignedIn();
    } catch (failure) {
      failed(failure, errorMessage(failure));
    }
  }

  async function signInWithKey() {
    setError(undefined);
    setPending('passkey');
    try {
      await signInWithPasskey();
      onSignedIn();
    } catch (failure) {
      failed(failure, passkeyErrorMessage(failure));
    }
  }

  const label = mode === 'totp' ? "Code de l'application d'authentification" : 'Code de secours';
  const hint =
    mode === 'totp' ? 'Les 6 chiffres affichés par votre application pour Inner Circle.' : 'Un des dix codes reçus lors de l’ajout de votre second facteur. Chaque code ne sert qu’une fois.';
  return (
    <>
      <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">Accès administrateur</p>
      <h1 className="mt-1 text-xl font-semibold text-slate-900">Vérification en deux étapes</h1>
      <p className="mt-1 text-sm text-slate-600">Votre mot de passe est correct. Confirmez maintenant votre identité.</p>
      {methods.includes('passkey') ? (
        <button type="button" onClick={() => void signInWithKey()} className={buttonClass('secondary', 'md', 'mt-6 w-full')} disabled={pending !== undefined}>
          {pending === 'passkey' ? <Spinner /> : null}
          Utiliser une clé d'accès
        </button>
      ) : null}
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        <div>
          <label htmlFor="second-step-code" className="mb-1.5 block text-sm font-medium text-slate-800">
            {label}
          </label>
          <input
            ref={field}
            id="second-step-code"
            name={mode === 'totp' ? 'otp' : 'recoveryCode'}
            type="text"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'second-step-hint second-step-error' : 'second-step-hint'}
            disabled={pending !== undefined}
            className={cx(controlClass, 'font-mono tracking-wider')}
          />
          <p id="second-step-hint" className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
          {error ? (
            <p id="second-step-error" role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass('primary', 'md', 'w-full')} disabled={pending !== undefined}>
          {pending === 'code' ? <Spinner /> : null}
          Vérifier
        </button>
      </form>
      <div className="mt-4 flex flex-col items-start gap-2 text-sm">
        {mode === 'totp' ? (
          <button type="button" className={linkClass} onClick={() => switchTo('recovery')}>
            Utiliser un code de secours
          </button>
        ) : methods.includes('totp') ? (
          <button type="button" className={linkClass} onClick={() => switchTo('totp')}>
            Utiliser l'application d'authentification
          </button>
        ) : null}
        <button type="button" className={linkClass} onClick={() => onRestart()}>
          Revenir au mot de passe
        </button>
      </div>
    </>
  );
}

const linkClass = cx('rounded font-medium text-accent-700 underline-offset-2 hover:underline', focusRing);
