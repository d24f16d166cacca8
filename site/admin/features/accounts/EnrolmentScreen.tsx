/**
 * « Ajoutez un second facteur » (/admin/second-facteur): an authenticator app or a passkey, then the recovery
 * codes shown once. While the account must enrol (the API answers 403 `enrolmentRequired` everywhere else)
 * the app shows only this screen, full page, with a way to sign out (docs/decisions/149-second-factor-screens.md).
 */
import { useState } from 'react';
import { destination } from '../../login/destination.ts';
import { errorMessage } from '../../lib/http.ts';
import { leaveTo, navigate } from '../../stores/router.ts';
import { logout } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { LogoImage } from '../../ui/Logo.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { Alert, buttonClass, Card, cx, focusRing, Spinner } from '../../ui/primitives.tsx';
import { PasskeySetup } from './PasskeySetup.tsx';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';
import { startTotpEnrolment, type TotpEnrolmentJson } from './second-factor-api.ts';
import { TotpSetup } from './TotpSetup.tsx';

type Step = { kind: 'choose' } | { kind: 'totp'; enrolment: TotpEnrolmentJson } | { kind: 'passkey' } | { kind: 'codes'; codes: string[] };

const STEP_TITLES: Record<Step['kind'], string> = {
  choose: 'Ajoutez un second facteur',
  totp: "Ajouter une application d'authentification",
  passkey: "Ajouter une clé d'accès",
  codes: 'Second facteur ajouté',
};

export function EnrolmentScreen({ required }: { required: boolean }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  function finish() {
    // A required enrolment ends with a full load: every screen's data was refused until now. From the
    // enrolment address, on to where the sign-in was going; from any other screen, that screen again.
    const { pathname, search } = window.location;
    if (required) leaveTo(pathname === '/admin/second-facteur' ? destination(search) : pathname + search);
    else navigate('/admin/settings/securite');
  }

  async function chooseApp() {
    setStarting(true);
    setFailure(undefined);
    try {
      setStep({ kind: 'totp', enrolment: await startTotpEnrolment() });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setStarting(false);
    }
  }

  async function signOut() {
    try {
      await logout();
      leaveTo('/login');
    } catch (error) {
      toast({ title: 'Erreur de déconnexion', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  }

  const back =
    step.kind === 'totp' || step.kind === 'passkey' ? (
      <button type="button" className={buttonClass('ghost', 'sm', '-ml-2')} onClick={() => setStep({ kind: 'choose' })}>
        <ArrowLeftIcon size={16} /> Choisir un autre moyen
      </button>
    ) : null;

  const body = (
    <Card labelledBy="enrolment-title" className="p-5 sm:p-6">
      {back}
      <h1 id="enrolment-title" className="text-xl font-semibold text-slate-900">
        {STEP_TITLES[step.kind]}
      </h1>
      {step.kind === 'choose' ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {required
              ? 'Votre compte doit être protégé par un second facteur avant de pouvoir continuer. Choisissez comment vous confirmerez votre identité après votre mot de passe.'
              : 'Choisissez comment vous confirmerez votre identité après votre mot de passe.'}
          </p>
          {failure ? (
            <div className="mt-4">
              <Alert title="Impossible de commencer">{failure}</Alert>
            </div>
          ) : null}
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            <li>
              <button type="button" onClick={() => void chooseApp()} disabled={starting} className={cx(choiceClass, focusRing)}>
                <span className="flex items-center gap-2 font-semibold text-slate-900">
                  {starting ? <Spinner /> : null}
                  Application d'authentification
                </span>
                <span className="mt-1 block text-sm text-slate-600">Un code à 6 chiffres qui change toutes les 30 secondes, sur votre téléphone.</span>
              </button>
            </li>
            <li>
              <button type="button" onClick={() => setStep({ kind: 'passkey' })} disabled={starting} className={cx(choiceClass, focusRing)}>
                <span className="font-semibold text-slate-900">Clé d'accès</span>
                <span className="mt-1 block text-sm text-slate-600">Le déverrouillage de cet appareil (empreinte, visage, code PIN) ou une clé de sécurité.</span>
              </button>
            </li>
          </ul>
        </>
      ) : null}
      {step.kind === 'totp' ? (
        <div className="mt-4">
          <TotpSetup enrolment={step.enrolment} onConfirmed={(codes) => setStep({ kind: 'codes', codes })} />
        </div>
      ) : null}
      {step.kind === 'passkey' ? (
        <div className="mt-4">
          <PasskeySetup
            onRegistered={(_factor, codes) => {
              if (codes?.length) setStep({ kind: 'codes', codes });
              else {
                toast({ title: "Clé d'accès ajoutée", description: 'Vous pourrez l’utiliser à votre prochaine connexion.' });
                finish();
              }
            }}
          />
        </div>
      ) : null}
      {step.kind === 'codes' ? (
        <div className="mt-4">
          <RecoveryCodesPanel codes={step.codes} onDone={finish} />
        </div>
      ) : null}
    </Card>
  );

  if (!required) return <div className="mx-auto max-w-2xl">{body}</div>;
  return (
    <div className="flex min-h-dvh justify-center bg-slate-50 px-4 py-10">
      <main className="w-full max-w-2xl">
        <div className="mb-6 flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <LogoImage className="h-10 w-10" />
            <p className="text-sm font-semibold text-slate-900">Inner Circle</p>
          </div>
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => void signOut().catch((error: unknown) => toastError(errorMessage(error)))}>
            Se déconnecter
          </button>
        </div>
        {body}
      </main>
    </div>
  );
}

const choiceClass =
  'block h-full w-full rounded-lg border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-accent-300 hover:bg-accent-50 disabled:cursor-not-allowed disabled:opacity-60';
