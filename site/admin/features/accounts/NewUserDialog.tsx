/** "Nouvel utilisateur": email, name, role and a first password the administrator hands over. */
import { userCreateSchema, type UserCreateInput } from '#contract/accounts';
import { USER_ROLE_LABELS, USER_ROLES, type UserRole } from '#contract';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { FormActions, SelectField, TextField } from '../../ui/forms.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { accountMutations } from './queries.ts';

const empty = () => ({ email: '', firstName: '', lastName: '', role: 'viewer' as UserRole, password: '' });
const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }));

export function NewUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useDraftForm(empty);
  const { draft, field } = form;

  function close() {
    form.reset();
    onClose();
  }

  const create = useMutation(accountMutations.createUser, {
    onSuccess: (user) => {
      toast({ title: 'Utilisateur créé', description: `${user.email} peut se connecter avec le mot de passe choisi.` });
      close();
    },
    onError: (error) => {
      form.showServerErrors(error);
      toastError(errorMessage(error));
    },
  });

  /** The server's own strength check (zxcvbn-ts, loaded only when a user is created) runs before sending. */
  async function send(body: UserCreateInput) {
    const strength = await import('../../../../api/platform/lib/password-strength.ts');
    const weak = await strength.weakPasswordReason(draft.password, [draft.email, draft.firstName, draft.lastName]);
    if (weak) form.setErrors({ password: weak });
    else await create.mutate(body);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Nouvel utilisateur"
      description="Communiquez-lui le mot de passe ; il pourra le changer dans Paramètres → Profil."
      onSubmit={form.onSubmit(userCreateSchema, send)}
    >
      <TextField label="Prénom" {...field('firstName')} required />
      <TextField label="Nom" {...field('lastName')} required />
      <TextField label="Email" {...field('email')} type="email" required className="sm:col-span-2" />
      <SelectField label="Rôle" {...field('role')} options={ROLE_OPTIONS} />
      <TextField label="Mot de passe" {...field('password')} type="password" required autoComplete="new-password" hint="12 caractères au moins, difficile à deviner." />
      <FormActions className="sm:col-span-2" cancel={{ onClick: close }} submitLabel="Créer l'utilisateur" pendingLabel="Création..." pending={create.pending} />
    </FormDialog>
  );
}
