/**
 * The password change of Profil: the same zxcvbn-ts check as the server's (api/platform/lib/password-strength.ts,
 * loaded only here), shown as the person types, before anything is sent.
 */
import { useRef, useState } from 'react';
import { passwordChangeSchema } from '#contract';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import type { CurrentUser } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormActions, TextField } from '../../ui/forms.tsx';
import { Card, CardHeader } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { accountMutations } from './queries.ts';

const SCORE_LABELS = ['Très faible', 'Faible', 'Moyen', 'Solide', 'Très solide'];

export function PasswordCard({ user }: { user: CurrentUser }) {
  const form = useDraftForm(() => ({ currentPassword: '', newPassword: '', confirmation: '' }));
  const { draft, field } = form;
  const [strength, setStrength] = useState<{ score: number; reason?: string } | undefined>();
  const userInputs = [user.email, user.username, user.firstName ?? '', user.lastName ?? ''];

  const latest = useRef('');

  /** Scores the new password as it is typed; an answer for an older value is dropped. */
  function typeNewPassword(value: string) {
    form.set('newPassword')(value);
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

  const change = useMutation(accountMutations.changePassword, {
    onSuccess: (answer) => {
      form.reset();
      typeNewPassword('');
      toast({ title: 'Mot de passe modifié', description: answer.message });
    },
    onError: (error) => {
      form.showServerErrors(error);
      toastError(errorMessage(error));
    },
  });

  const submit = form.onSubmit(passwordChangeSchema, () => change.mutate({ currentPassword: draft.currentPassword, newPassword: draft.newPassword }), {
    body: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    extraErrors: (found) => {
      if (!found.newPassword && strength?.reason) found.newPassword = strength.reason;
      if (draft.confirmation !== draft.newPassword) found.confirmation = 'Les deux mots de passe ne sont pas identiques.';
    },
  });

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
        <TextField label="Mot de passe actuel" {...field('currentPassword')} type="password" required autoComplete="current-password" />
        <TextField
          label="Nouveau mot de passe"
          {...field('newPassword')}
          onChange={typeNewPassword}
          type="password"
          required
          autoComplete="new-password"
          error={form.errors.newPassword ?? (strength?.reason && draft.newPassword.length >= 12 ? strength.reason : undefined)}
          hint={meter}
        />
        <TextField label="Confirmer le nouveau mot de passe" {...field('confirmation')} type="password" required autoComplete="new-password" />
        <FormActions submitLabel="Changer le mot de passe" pendingLabel="Modification…" pending={change.pending} />
      </form>
    </Card>
  );
}
