/** Paramètres → Profil: the signed-in user's name, email, bio, image, and the password change. */
import { profileUpdateSchema } from '#contract/accounts';
import { errorMessage } from '../../lib/http.ts';
import { useMutation } from '../../lib/query.ts';
import { setCurrentUser, type CurrentUser } from '../../stores/session.ts';
import { toast, toastError } from '../../stores/toast.ts';
import { FormActions, TextAreaField, TextField, UrlField } from '../../ui/forms.tsx';
import { Card, CardHeader } from '../../ui/primitives.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { PasswordCard } from './PasswordCard.tsx';
import { accountMutations } from './queries.ts';

export function ProfileTab({ user }: { user: CurrentUser }) {
  const form = useDraftForm(() => ({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    bio: user.bio ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  }));
  const { field } = form;
  const save = useMutation(accountMutations.updateProfile, {
    onSuccess: (updated) => {
      setCurrentUser(updated);
      toast({ title: 'Profil enregistré', description: 'Vos informations ont été mises à jour.' });
    },
    onError: (error) => {
      form.showServerErrors(error);
      toastError(errorMessage(error));
    },
  });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card labelledBy="profile-title">
        <CardHeader id="profile-title" title="Profil" description="Votre nom et votre photo apparaissent dans le menu du compte." />
        <form onSubmit={form.onSubmit(profileUpdateSchema, () => save.mutate(form.draft))} noValidate className="grid gap-4 p-5 sm:grid-cols-2">
          <TextField label="Prénom" {...field('firstName')} required autoComplete="given-name" />
          <TextField label="Nom" {...field('lastName')} required autoComplete="family-name" />
          <TextField label="Email" {...field('email')} type="email" required autoComplete="email" className="sm:col-span-2" />
          <TextAreaField label="Bio" {...field('bio')} className="sm:col-span-2" rows={3} />
          <UrlField label="Image de profil (URL)" {...field('profileImageUrl')} hint="Adresse complète commençant par https://. Laissez vide pour afficher votre initiale." className="sm:col-span-2" />
          <FormActions className="sm:col-span-2" submitLabel="Enregistrer le profil" pendingLabel="Enregistrement…" pending={save.pending} />
        </form>
      </Card>
      <PasswordCard user={user} />
    </div>
  );
}
