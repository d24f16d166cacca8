/**
 * /login: sign in with the username field and the password, or create the first
 * administrator. Already signed in → /simple-admin; after success → /simple-admin after 500 ms
 * (or back to the admin page that sent the visitor here, when it says so with `next`).
 * "Créer un compte administrateur" shows only while no account exists (decision 021); in production it
 * needs the one-time setup code from the server's log, and the password must not be guessable.
 * An account with a second factor then goes through « Vérification en deux étapes » (./SecondStep.tsx); one
 * that must add a factor goes to the enrolment screen; a passkey can also be the whole sign-in (decision 149).
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { loginSchema, setupAdminSchema } from '#contract/accounts';
import { MISSING_FIELDS_MESSAGE } from '#contract';
import { errorMessage, http } from '../lib/http.ts';
import { fetchCurrentUser } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { LogoImage } from '../ui/Logo.tsx';
import { buttonClass, controlClass, cx, Spinner } from '../ui/primitives.tsx';
import { Toaster } from '../ui/Toaster.tsx';
import { useSetupStatus, weakPasswordReason } from './setup-status.ts';
import { destination } from './destination.ts';
import { SecondStep } from './SecondStep.tsx';
import { passkeyErrorMessage, signInWithPasskey, type LoginAnswer, type SecondStepMethod } from '../features/accounts/second-factor-api.ts';

const REDIRECT_DELAY_MS = 500;

export { destination };

function firstApiMessage(error: unknown): string | undefined {
  const text = errorMessage(error);
  return text || undefined;
}

/**
 * A text input that keeps what is typed as it is (no capital letter, no spelling check): usernames
 * and codes. Its hint is the paragraph `{id}-hint`.
 */
function VerbatimInput(props: { id: string; name: string; autoComplete: string; value: string; onChange: (value: string) => void; invalid?: boolean; disabled: boolean }) {
  return (
    <input
      id={props.id}
      name={props.name}
      type="text"
      autoComplete={props.autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      aria-invalid={props.invalid}
      disabled={props.disabled}
      aria-describedby={`${props.id}-hint`}
      className={controlClass}
    />
  );
}

export default function LoginApp() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<'login' | 'setup' | 'passkey' | undefined>();
  const [secondStep, setSecondStep] = useState<readonly SecondStepMethod[] | undefined>();
  const [missing, setMissing] = useState(false);
  const [checking, setChecking] = useState(true);
  const [setupCode, setSetupCode] = useState('');
  const [strengthMessage, setStrengthMessage] = useState<string | undefined>();
  const [setup, setSetup] = useSetupStatus();

  useEffect(() => {
    let active = true;
    fetchCurrentUser()
      .then((user) => {
        if (user) window.location.replace('/simple-admin');
        else if (active) setChecking(false);
      })
      .catch(() => active && setChecking(false));
    return () => {
      active = false;
    };
  }, []);

  function redirectSoon() {
    window.setTimeout(() => window.location.assign(destination(window.location.search)), REDIRECT_DELAY_MS);
  }

  /** Signed in: the toast, the cached user refreshed, the redirect after 500 ms (or the enrolment screen first). */
  async function signedIn(answer?: { enrolmentRequired?: boolean }) {
    await fetchCurrentUser().catch(() => null);
    if (answer?.enrolmentRequired) {
      toast({ title: 'Connexion réussie', description: 'Ajoutez un second facteur pour continuer.' });
      const next = encodeURIComponent(destination(window.location.search));
      window.setTimeout(() => window.location.assign(`/admin/second-facteur?next=${next}`), REDIRECT_DELAY_MS);
      return;
    }
    toast({ title: 'Connexion réussie', description: 'Redirection vers le tableau de bord…' });
    redirectSoon();
  }

  /** « Se connecter avec une clé d'accès »: the whole sign-in with a passkey the device holds for this site. */
  async function signInWithKey() {
    setPending('passkey');
    try {
      await signInWithPasskey();
      await signedIn();
    } catch (error) {
      setPending(undefined);
      toast({ title: 'Erreur de connexion', description: passkeyErrorMessage(error), variant: 'destructive' });
    }
  }

  function checkFilled(): boolean {
    const filled = username.trim() !== '' && password !== '';
    setMissing(!filled);
    if (!filled) toast({ title: MISSING_FIELDS_MESSAGE, variant: 'destructive' });
    return filled;
  }

  async function signIn(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!checkFilled()) return;
    const parsed = loginSchema.safeParse({ email: username, password });
    if (!parsed.success) {
      toast({ title: 'Erreur de connexion', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    setPending('login');
    try {
      const answer = await http.post('/api/simple-auth/login', { json: parsed.data }).json<LoginAnswer>();
      if (answer.mfaRequired) {
        setPending(undefined);
        setSecondStep(answer.methods);
        return;
      }
      await signedIn(answer);
    } catch (error) {
      setPending(undefined);
      toast({ title: 'Erreur de connexion', description: firstApiMessage(error) ?? 'Erreur lors de la connexion', variant: 'destructive' });
    }
  }

  async function createAdmin() {
    if (!checkFilled()) return;
    const parsed = setupAdminSchema.safeParse({ email: username, password, firstName: 'Admin', lastName: 'Utilisateur', setupCode });
    if (!parsed.success) {
      toast({ title: 'Erreur', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    setPending('setup');
    // The same check as the server's, before sending: the person learns at once why and what to do.
    const weak = await weakPasswordReason(parsed.data.password, [parsed.data.email, parsed.data.firstName, parsed.data.lastName]).catch(() => undefined);
    setStrengthMessage(weak);
    if (weak) {
      setPending(undefined);
      toast({ title: 'Erreur', description: weak, variant: 'destructive' });
      return;
    }
    try {
      const answer = await http.post('/api/simple-auth/setup-admin', { json: parsed.data }).json<{ enrolmentRequired?: boolean }>();
      toast({ title: 'Compte créé', description: 'Le compte administrateur a été créé. Redirection…' });
      // The API signs the new administrator in; without a session, stay here to sign in.
      const user = await fetchCurrentUser().catch(() => null);
      if (!user) setPending(undefined);
      // The first administrator adds a second factor at once when one is required (the app asks for it anyway).
      else if (answer.enrolmentRequired) window.setTimeout(() => window.location.assign('/admin/second-facteur'), REDIRECT_DELAY_MS);
      else redirectSoon();
    } catch (error) {
      setPending(undefined);
      const message = firstApiMessage(error);
      if (message?.startsWith('Ce mot de passe est trop facile')) setStrengthMessage(message);
      // Someone else created the first account meanwhile: the button goes away.
      if (message === 'Un compte administrateur existe déjà.') setSetup({ available: false, codeRequired: false });
      toast({ title: 'Erreur', description: message ?? 'Erreur lors de la création du compte admin', variant: 'destructive' });
    }
  }

  /** Back to the password (the pending sign-in expired, or the person chose to): the password is typed again. */
  function restart(message?: string) {
    setSecondStep(undefined);
    setPassword('');
    if (message) toast({ title: 'Erreur de connexion', description: message, variant: 'destructive' });
  }

  const invalid = (value: string) => (missing && value.trim() === '' ? true : undefined);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <LogoImage className="h-12 w-12" />
          <p className="mt-3 text-sm font-semibold text-slate-900">Inner Circle</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          {secondStep ? (
            <SecondStep methods={secondStep} onSignedIn={() => void signedIn()} onRestart={restart} />
          ) : (
            <>
              <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">Accès administrateur</p>
              <h1 className="mt-1 text-xl font-semibold text-slate-900">Connexion</h1>
              <p className="mt-1 text-sm text-slate-600">Connectez-vous pour gérer les contacts et les webinaires.</p>
              <form onSubmit={signIn} noValidate className="mt-6 space-y-4">
                <div>
                  <label htmlFor="username" className="mb-1.5 block text-sm font-medium text-slate-800">
                    Nom d'utilisateur
                  </label>
                  <VerbatimInput id="username" name="username" autoComplete="username" value={username} onChange={setUsername} invalid={invalid(username)} disabled={checking} />
                  <p id="username-hint" className="mt-1 text-xs text-slate-500">
                    Votre adresse email ou votre nom d'utilisateur.
                  </p>
                </div>
                <div>
                  <label htmlFor="password" className="mb-1.5 block text-sm font-medium text-slate-800">
                    Mot de passe
                  </label>
                  <input
                    id="password"
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setStrengthMessage(undefined);
                    }}
                    aria-invalid={invalid(password) ?? (strengthMessage ? true : undefined)}
                    aria-describedby={strengthMessage ? 'password-strength' : undefined}
                    disabled={checking}
                    className={controlClass}
                  />
                  {strengthMessage ? (
                    <p id="password-strength" className="mt-1 text-xs text-red-700">
                      {strengthMessage}
                    </p>
                  ) : null}
                </div>
                {missing ? (
                  <p className="text-sm text-red-700" role="alert">
                    {MISSING_FIELDS_MESSAGE}
                  </p>
                ) : null}
                <button type="submit" className={buttonClass('primary', 'md', 'w-full')} disabled={pending !== undefined || checking}>
                  {pending === 'login' ? <Spinner /> : null}
                  Se connecter
                </button>
              </form>
              <button type="button" onClick={() => void signInWithKey()} className={buttonClass('secondary', 'md', 'mt-3 w-full')} disabled={pending !== undefined || checking}>
                {pending === 'passkey' ? <Spinner /> : null}
                Se connecter avec une clé d'accès
              </button>
              {setup?.available ? (
                <section aria-labelledby="setup-title">
                  <div className="my-5 flex items-center gap-3 text-xs text-slate-500">
                    <span className="h-px flex-1 bg-slate-200" />
                    <h2 id="setup-title" className="font-normal">
                      Première installation
                    </h2>
                    <span className="h-px flex-1 bg-slate-200" />
                  </div>
                  {setup.codeRequired ? (
                    <div className="mb-4">
                      <label htmlFor="setup-code" className="mb-1.5 block text-sm font-medium text-slate-800">
                        Code d'installation
                      </label>
                      <VerbatimInput id="setup-code" name="setupCode" autoComplete="off" value={setupCode} onChange={setSetupCode} disabled={checking} />
                      <p id="setup-code-hint" className="mt-1 text-xs text-slate-500">
                        Écrit dans le journal du serveur à son démarrage, sur la ligne « Code d'installation : … ».
                      </p>
                    </div>
                  ) : null}
                  <button type="button" onClick={() => void createAdmin()} className={buttonClass('secondary', 'md', 'w-full')} disabled={pending !== undefined || checking}>
                    {pending === 'setup' ? <Spinner /> : null}
                    Créer un compte administrateur
                  </button>
                  <p className="mt-2 text-xs text-slate-500">
                    Crée le premier administrateur avec l'email et le mot de passe saisis : 12 caractères minimum, difficile à deviner (par exemple quatre ou cinq mots sans rapport entre eux).
                  </p>
                </section>
              ) : null}
            </>
          )}
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className={cx('rounded text-slate-600 hover:text-slate-900', 'focus-visible:outline-2 focus-visible:outline-accent-600')}>
            Retour au site
          </a>
        </p>
      </main>
      <Toaster />
    </div>
  );
}
