/** "Nouvel utilisateur": email, name, role and a first password the administrator hands over. */
import { useState, type SubmitEvent } from 'react';
import { USER_ROLE_LABELS, USER_ROLES, userCreateSchema, type UserRole } from '#schemas';
import { firstErrorByField } from '#schemas/field-errors.ts';
import { errorMessage, fieldErrors } from '../../lib/http.ts';
import { invalidate } from '../../lib/query.ts';
import { SETTINGS_TOUCHES, settingsMutations } from '../../lib/settings-api.ts';
import { toast } from '../../stores/toast.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { FormActions, SelectField, TextField } from '../../ui/forms.tsx';

const EMPTY = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'viewer' as UserRole,
  password: '',
};
const ROLE_OPTIONS = USER_ROLES.map((role) => ({
  value: role,
  label: USER_ROLE_LABELS[role],
}));

export function NewUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (field: keyof typeof EMPTY) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  function close() {
    setDraft(EMPTY);
    setErrors({});
    onClose();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = userCreateSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(
        firstErrorByField(
          parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        ),
      );
      return;
    }
    const strength = await import('../../../../api/platform/lib/password-strength.ts');
    const weak = await strength.weakPasswordReason(draft.password, [draft.email, draft.firstName, draft.lastName]);
    if (weak) {
      setErrors({ password: weak });
      return;
    }
    setPending(true);
    try {
      const user = await settingsMutations.createUser(parsed.data);
      invalidate(...SETTINGS_TOUCHES.users);
      toast({
        title: 'Utilisateur créé',
        description: `${user.email} peut se connecter avec le mot de passe choisi.`,
      });
      close();
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

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Nouvel utilisateur"
      description="Communiquez-lui le mot de passe ; il pourra le changer dans Paramètres → Profil."
      onSubmit={submit}
    >
      <TextField label="Prénom" name="firstName" value={draft.firstName} onChange={set('firstName')} required error={errors.firstName} />
      <TextField label="Nom" name="lastName" value={draft.lastName} onChange={set('lastName')} required error={errors.lastName} />
      <TextField label="Email" name="email" type="email" value={draft.email} onChange={set('email')} required error={errors.email} className="sm:col-span-2" />
      <SelectField label="Rôle" name="role" value={draft.role} options={ROLE_OPTIONS} onChange={(role) => setDraft((current) => ({ ...current, role }))} />
      <TextField
        label="Mot de passe"
        name="password"
        type="password"
        value={draft.password}
        onChange={set('password')}
        required
        autoComplete="new-password"
        error={errors.password}
        hint="12 caractères au moins, difficile à deviner."
      />
      <FormActions className="sm:col-span-2" cancel={{ onClick: close }} submitLabel="Créer l'utilisateur" pendingLabel="Création..." pending={pending} />
    </FormDialog>
  );
}
