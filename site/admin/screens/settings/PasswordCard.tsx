/**
 * The password change of Profil: the same zxcvbn-ts check as the server's (api/platform/lib/password-strength.ts,
 * loaded only here), shown as the person types, before anything is sent.
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { passwordChangeSchema } from '#schemas';
import { errorMessage, fieldErrors } from '../../lib/http.ts';
import { invalidate } from '../../lib/query.ts';
import { settingsMutations } from '../../lib/settings-api.ts';
import type { CurrentUser } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { TextField } from '../../ui/forms.tsx';
import { buttonClass, Card, CardHeader, Spinner } from '../../ui/primitives.tsx';

const SCORE_LABELS = ['Très faible', 'Faible', 'Moyen', 'Solide', 'Très solide'];

export function PasswordCard({ user }: { user: CurrentUser }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [strength, setStrength] = useState<{ score: number; reason?: string } | undefined>();
  const [pending, setPending] = useState(false);
  const userInputs = [user.email, user.username, user.firstName ?? '', user.lastName ?? ''];

  const latest = useRef('');

  /** Scores the new password as it is typed; an answer for an older value is dropped. */
  function typeNewPassword(value: string) {
    setNewPassword(value);
    latest.current = value;
    if (!value) {
      setStrength(undefined);
      return;
    }
    void import('../../../../api/platform/lib/password-strength.ts').then(async (module) => {
      const result = await module.passwordStrength(value, userInputs);
      const reason = await module.weakPasswordReason(value, userInputs);
      if (latest.current === value) setStrength({ score: result.score, reason });
    });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const parsed = passwordChangeSchema.safeParse({
      currentPassword,
      newPassword,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    if (!next.newPassword && strength?.reason) next.newPassword = strength.reason;
    if (confirmation !== newPassword) next.confirmation = 'Les deux mots de passe ne sont pas identiques.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      const answer = await settingsMutations.changePassword({
        currentPassword,
        newPassword,
      });
      setCurrentPassword('');
      typeNewPassword('');
      setConfirmation('');
      invalidate(['sessions'], ['audit']);
      toast({ title: 'Mot de passe modifié', description: answer.message });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast({
        title: 'Erreur',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  const meter = strength ? (
    <span>
      Robustesse : <strong>{SCORE_LABELS[strength.score] ?? ''}</strong>
      {strength.reason ? null : ' — ce mot de passe convient.'}
    </span>
  ) : (
    '12 caractères au moins ; une phrase de plusieurs mots est facile à retenir et difficile à deviner.'
  );

  return (
    <Card labelledBy="password-title">
      <CardHeader id="password-title" title="Mot de passe" description="Changer de mot de passe ferme vos autres sessions." />
      <form onSubmit={submit} noValidate className="grid gap-4 p-5">
        <TextField
          label="Mot de passe actuel"
          name="currentPassword"
          type="password"
          value={currentPassword}
          onChange={setCurrentPassword}
          required
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <TextField
          label="Nouveau mot de passe"
          name="newPassword"
          type="password"
          value={newPassword}
          onChange={typeNewPassword}
          required
          autoComplete="new-password"
          error={errors.newPassword ?? (strength?.reason && newPassword.length >= 12 ? strength.reason : undefined)}
          hint={meter}
        />
        <TextField
          label="Confirmer le nouveau mot de passe"
          name="confirmation"
          type="password"
          value={confirmation}
          onChange={setConfirmation}
          required
          autoComplete="new-password"
          error={errors.confirmation}
        />
        <div className="flex justify-end">
          <button type="submit" className={buttonClass('primary')} disabled={pending}>
            {pending ? <Spinner /> : null}
            {pending ? 'Modification…' : 'Changer le mot de passe'}
          </button>
        </div>
      </form>
    </Card>
  );
}
